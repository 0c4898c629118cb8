// Decodes one HEIC file (workerData: its bytes) with heic-decode and posts the RGBA pixels back.
// Plain JavaScript so that Node runs it as it is, from the sources and under the test runner alike.
import { parentPort, workerData } from "node:worker_threads";
import decode from "heic-decode";

const { data, width, height } = await decode({ buffer: workerData });
parentPort?.postMessage({ data, width, height }, [data.buffer]);
