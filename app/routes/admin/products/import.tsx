/**
 * Product import from a CSV file (issue 30 part 2; server/services/admin/product-csv.ts): choose a file → the
 * preview says per row what will be created, changed (old → new), left as it is or refused and why → apply
 * (only when nothing is refused) → the outcome, with the products edited since the preview and one undo.
 */
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { heProductCsv } from "../../../../domain/i18n/product-csv.ts";
import { ToneBadge } from "../../../components/admin/bits.tsx";
import { buttonClass } from "../../../components/admin/fields.tsx";
import { adminMeta } from "../../../components/admin/meta.ts";
import { notify } from "../../../components/admin/toast.tsx";
import { ApiError, apiJson } from "../../../lib/api-client.ts";

const t = heProductCsv;

export const meta = ({ matches }: { matches: Parameters<typeof adminMeta>[1] }) => adminMeta(t.importHeading, matches);

type Kind = "create" | "change" | "unchanged" | "skipped" | "refused";
interface Row {
  line: number;
  serial: number | null;
  name: string;
  kind: Kind;
  changes: { field: string; from: string; to: string }[];
  reasons: string[];
  token: string | null;
}
interface Plan {
  rows: Row[];
  counts: Record<Kind, number>;
}
interface Outcome {
  batch: number | null;
  created: number;
  changed: number;
  unchanged: number;
  conflicts: { line: number; serial: number | null; name: string }[];
}

const TONE = {
  create: "positive",
  change: "waiting",
  unchanged: "neutral",
  skipped: "neutral",
  refused: "negative",
} as const;

const errorOf = (error: unknown) =>
  error instanceof ApiError ? (error.body?.message ?? heAdmin.requestFailed) : heAdmin.requestFailed;

export default function ProductImport() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState<"preview" | "apply" | "undo" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function preview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setError(t.errors.noFile);
      return;
    }
    setBusy("preview");
    setError(null);
    setPlan(null);
    setOutcome(null);
    try {
      const form = new FormData();
      form.set("file", file);
      const answer = await apiJson<{ data: Plan }>("/api/admin/products/import/preview", {
        method: "POST",
        formData: form,
      });
      setPlan(answer.data);
    } catch (err) {
      setError(errorOf(err));
    } finally {
      setBusy(null);
    }
  }

  async function apply() {
    if (!file || !plan) return;
    setBusy("apply");
    setError(null);
    try {
      const form = new FormData();
      form.set("file", file);
      form.set(
        "expected",
        JSON.stringify(Object.fromEntries(plan.rows.filter((r) => r.token).map((r) => [String(r.line), r.token]))),
      );
      const answer = await apiJson<{ data: Outcome; message: string }>("/api/admin/products/import/apply", {
        method: "POST",
        formData: form,
      });
      setOutcome(answer.data);
      notify.success(answer.message);
    } catch (err) {
      setError(errorOf(err));
    } finally {
      setBusy(null);
    }
  }

  async function undo() {
    if (!outcome?.batch) return;
    setBusy("undo");
    try {
      const answer = await apiJson<{ message: string }>(`/api/admin/products/import/${outcome.batch}/undo`, {
        method: "POST",
        json: {},
      });
      notify.success(answer.message);
      setOutcome(null);
      setPlan(null);
    } catch (err) {
      setError(errorOf(err));
    } finally {
      setBusy(null);
    }
  }

  const toApply = plan ? plan.counts.create + plan.counts.change : 0;
  const shown = plan ? plan.rows.filter((r) => r.kind !== "unchanged") : [];

  return (
    <>
      <Link to="/admin/products" className="font-semibold text-crust-700 underline underline-offset-4">
        {t.back}
      </Link>
      <h1 className="mt-3 text-3xl font-bold text-cocoa-900">{t.importHeading}</h1>
      <p className="mt-1 max-w-3xl text-cocoa-800">{t.importIntro}</p>
      <form onSubmit={preview} className="mt-4">
        <label htmlFor={fileId} className="mb-1 block font-medium text-cocoa-900">
          {t.fileLabel}
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${fileId}-hint`}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
            className="block max-w-full text-cocoa-900 file:me-3 file:rounded-md file:border file:border-cocoa-300 file:bg-white file:px-3 file:py-2 file:font-medium"
          />
          <button type="submit" className={buttonClass.primary} disabled={busy !== null}>
            {busy === "preview" ? t.previewing : t.preview}
          </button>
        </div>
        <span id={`${fileId}-hint`} className="mt-1 block text-sm text-cocoa-800">
          {t.limits(5, 5000)}
        </span>
      </form>
      <div role="status" aria-live="polite" className="mt-4">
        {busy === "apply" ? <p>{t.applying}</p> : null}
        {plan && !outcome ? <p className="font-semibold text-cocoa-900">{t.summary(plan.counts)}</p> : null}
        {outcome ? <p className="font-semibold text-cocoa-900">{t.applied(outcome.created, outcome.changed)}</p> : null}
      </div>
      {error ? (
        <p role="alert" className="mt-2 font-medium text-berry-700">
          {error}
        </p>
      ) : null}
      {outcome ? (
        <section className="mt-4 space-y-3">
          {outcome.conflicts.length ? (
            <div role="alert" className="rounded-md border border-berry-300 bg-berry-50 p-3 text-cocoa-900">
              <p className="font-medium">{t.conflicts(outcome.conflicts.length)}</p>
              <ul className="mt-1 list-disc ps-5">
                {outcome.conflicts.map((c) => (
                  <li key={c.line}>
                    {t.table.line} {c.line}: {c.name} (<bdi dir="ltr">{c.serial}</bdi>)
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {outcome.batch ? (
            <button type="button" className={buttonClass.secondary} onClick={undo} disabled={busy !== null}>
              {t.undo}
            </button>
          ) : null}
        </section>
      ) : null}
      {plan && !outcome ? (
        <section className="mt-4 space-y-4" aria-label={t.table.caption}>
          {plan.counts.refused ? (
            <p className="rounded-md border border-berry-300 bg-berry-50 p-3 font-medium text-cocoa-900">
              {t.refusedBlock}
            </p>
          ) : toApply === 0 ? (
            <p>{t.nothingToApply}</p>
          ) : (
            <button type="button" className={buttonClass.primary} onClick={apply} disabled={busy !== null}>
              {busy === "apply" ? t.applying : t.apply(toApply)}
            </button>
          )}
          <ol className="grid gap-3 lg:grid-cols-2">
            {shown.map((row) => (
              <li key={row.line} className="rounded-lg border border-cocoa-200 bg-white p-3 shadow-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <ToneBadge tone={TONE[row.kind]}>{t.kinds[row.kind]}</ToneBadge>
                  <span className="text-sm text-cocoa-800">
                    {t.table.line} <bdi dir="ltr">{row.line}</bdi>
                    {row.serial !== null ? (
                      <>
                        {" · "}
                        {t.table.serial} <bdi dir="ltr">{row.serial}</bdi>
                      </>
                    ) : null}
                  </span>
                </div>
                <p className="mt-1 font-semibold text-cocoa-900">{row.name || t.empty}</p>
                {row.reasons.length ? (
                  <ul className={`mt-1 list-disc ps-5 ${row.kind === "refused" ? "text-berry-700" : "text-cocoa-800"}`}>
                    {row.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                ) : null}
                {row.changes.length ? (
                  <dl className="mt-1 space-y-1 text-sm">
                    {row.changes.map((change) => (
                      <div key={change.field}>
                        <dt className="inline font-medium text-cocoa-900">{change.field}: </dt>
                        <dd className="inline text-cocoa-800">
                          <del className="break-words">
                            <bdi>{change.from || t.empty}</bdi>
                          </del>{" "}
                          {t.arrow}{" "}
                          <ins className="break-words no-underline font-medium text-cocoa-900">
                            {change.to || t.empty}
                          </ins>
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
