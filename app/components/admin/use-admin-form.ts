/**
 * Form state of every admin modal (spec §4, §5): client-side validation with the shared zod schema,
 * errors cleared at the start of a save, a loading flag that blocks a second submit, the server's
 * 422 `errors` shown under each field, and a `saved` flag — true on success, false on a validation
 * failure. Other failures become an error toast titled with the form's spec §8 message.
 */
import { type FormEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { toFieldErrors } from "../../../domain/field-errors.ts";
import { ApiError } from "../../lib/api-client.ts";
import { notify } from "./toast.tsx";

export type FieldErrors = Record<string, string[]>;

export function useAdminForm<S extends z.ZodType, V extends Record<string, unknown>, R>(options: {
  schema: S;
  initial: V;
  /** Sends the parsed values; throws ApiError on failure. */
  submit: (data: z.output<S>, values: V) => Promise<R>;
  onSaved?: (result: R) => void;
  /** Title of the error toast when saving fails (spec §8). */
  errorTitle: string;
}) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);
  const [saved, setSaved] = useState<boolean | null>(null);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const latest = useRef(options);
  latest.current = options;

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  }, []);

  const focusFirstError = () => {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const handleSubmit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current) return;
    setErrors({});
    const parsed = latest.current.schema.safeParse(values);
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error));
      setSaved(false);
      focusFirstError();
      return;
    }
    busy.current = true;
    setLoading(true);
    try {
      const result = await latest.current.submit(parsed.data as z.output<S>, values);
      setSaved(true);
      latest.current.onSaved?.(result);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.fieldErrors);
        setSaved(false);
        focusFirstError();
      }
      notify.failure(latest.current.errorTitle, error);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };

  return { values, setValues, set, errors, setErrors, loading, saved, handleSubmit, formRef };
}
