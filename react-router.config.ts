import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The server is our own (server/main.ts), which imports build/server/index.js.
  buildDirectory: "build",
} satisfies Config;
