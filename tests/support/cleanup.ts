/** Integration setup file: after each test file, remove its temporary folders. */
import { afterAll } from "vitest";
import { removeAllTempDirs } from "./temp.ts";

afterAll(() => {
  removeAllTempDirs();
});
