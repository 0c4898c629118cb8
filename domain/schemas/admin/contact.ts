/** Contact-request inbox: mark a request handled or open again. */
import { z } from "zod";
import { flag } from "./fields.ts";

export const contactRequestUpdateSchema = z.object({ handled: flag });

export const contactFilterSchema = z.enum(["open", "handled", "all"]).catch("all");
