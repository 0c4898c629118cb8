/** Integration setup file: after each test file, close its page build and remove its temporary folders. */
import { afterAll } from "vitest";
import { closeServerBuild } from "./page-build.ts";
import { removeAllTempDirs } from "./temp.ts";

afterAll(async () => {
  await closeServerBuild();
  removeAllTempDirs();
});
