/**
 * The production build the two servers run (unless build/ is already the build of these sources), and the
 * run's temporary folder (tests/support/run-temp.ts).
 */
import { runTempDir } from "../support/run-temp.ts";
import { ensureSiteBuild } from "../support/site-build.ts";

export default function setup() {
  ensureSiteBuild();
  return runTempDir("cluster");
}
