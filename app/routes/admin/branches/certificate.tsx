/**
 * The branch's kashrut certificate in the back office (issue 11): its state as words on a coloured badge
 * (expired in red, about to expire in orange), and the scan's upload — an image through the one pipeline,
 * owner type `branch_certificate`; a new scan replaces the old one.
 */
import { useRef, useState } from "react";
import type { CertificateState } from "../../../../domain/certificates.ts";
import { daysLeft, formatDay } from "../../../../domain/certificates.ts";
import type { AdminImage } from "../../../../domain/contracts/admin.ts";
import { heAdmin } from "../../../../domain/i18n/admin.ts";
import { StoredImage } from "../../../components/admin/bits.tsx";
import { buttonClass } from "../../../components/admin/fields.tsx";
import { notify } from "../../../components/admin/toast.tsx";
import { ApiError, apiJson } from "../../../lib/api-client.ts";

const k = heAdmin.kashrut;

const TONE: Record<CertificateState, string> = {
  none: "bg-cream-200 text-cocoa-900",
  valid: "bg-olive-700 text-white",
  expiring: "bg-tag-orange text-white",
  expired: "bg-berry-700 text-white",
};

/** "בתוקף" / "פג בעוד 12 ימים" / "פג תוקף" / "אין תעודה", with the date beside it. */
export function CertificateBadge({
  state,
  validUntil,
  today,
}: {
  state: CertificateState;
  validUntil: string | null;
  today: string;
}) {
  const label =
    state === "expiring" && validUntil
      ? k.state.expiring(daysLeft(validUntil, today))
      : state === "expiring"
        ? k.state.valid
        : k.state[state];
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-certificate={state}>
      <span className={`rounded-full px-2.5 py-0.5 text-sm font-bold ${TONE[state]}`}>{label}</span>
      {validUntil ? (
        <bdi dir="ltr" className="text-sm text-cocoa-800">
          {formatDay(validUntil)}
        </bdi>
      ) : null}
    </span>
  );
}

export function CertificateScan({
  branchId,
  initial,
  branchName,
}: {
  branchId: number;
  initial: AdminImage | null;
  branchName: string;
}) {
  const [scan, setScan] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);

  async function upload(file: File) {
    setBusy(true);
    setErrors([]);
    const form = new FormData();
    form.append("id", String(branchId));
    form.append("type", "branch_certificate");
    form.append("files[]", file, file.name);
    try {
      const body = await apiJson<{ data: AdminImage[] }>("/api/admin/images", { method: "POST", formData: form });
      const added = body.data[0] ?? null;
      // The new scan replaces the previous one.
      if (scan && added) await apiJson(`/api/admin/images/${scan.id}`, { method: "DELETE" });
      if (added && !added.alt) {
        await apiJson(`/api/admin/images/${added.id}`, { method: "PUT", json: { alt: `${k.scan} – ${branchName}` } });
      }
      setScan(added);
      notify.success(k.scanSaved);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors([...new Set(Object.values(error.fieldErrors).flat())]);
      }
      notify.failure(k.scanError, error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div className="flex flex-wrap items-start gap-4" data-testid="certificate-scan">
      {scan ? (
        <StoredImage
          image={scan}
          fallbackAlt={k.scan}
          className="h-32 w-auto rounded-lg object-contain ring-1 ring-cream-300"
        />
      ) : null}
      <div>
        <label htmlFor="certificate-scan-file" className="mb-1 block font-medium text-cocoa-900">
          {scan ? k.scanReplace : k.scanUpload}
        </label>
        <input
          ref={input}
          id="certificate-scan-file"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
          disabled={busy}
          aria-describedby="certificate-scan-hint"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
          className={`${buttonClass.secondary} max-w-full`}
        />
        <span id="certificate-scan-hint" className="mt-1 block text-sm text-cocoa-800">
          {busy ? heAdmin.busy : k.scanHint}
        </span>
        {errors.length ? (
          <span role="alert" className="mt-1 block text-sm font-medium text-berry-700">
            {errors.join(" ")}
          </span>
        ) : null}
      </div>
    </div>
  );
}
