import type { ReactNode } from "react";
import { ArrowIcon } from "../ui/other-icons.tsx";

/** The top of a content page: optional way back, the page's one <h1>, and a lead paragraph. */
export function PageHeader({
  title,
  lead,
  back,
  narrow = false,
  children,
}: {
  title: string;
  lead?: string;
  back?: { to: string; label: string };
  /** Align with a narrow text column (long-form pages). */
  narrow?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-cream-200 to-cream-100">
      <div className={`mx-auto px-6 pt-8 pb-8 sm:pt-10 ${narrow ? "max-w-4xl" : "max-w-7xl"}`}>
        {back ? (
          <a
            href={back.to}
            className="mb-4 inline-flex items-center gap-1.5 rounded-md font-semibold text-crust-700 underline-offset-4 hover:underline"
          >
            <ArrowIcon to="start" className="size-4" />
            {back.label}
          </a>
        ) : null}
        <h1 className="text-3xl font-extrabold tracking-tight text-cocoa-900 sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-3 max-w-3xl text-lg text-cocoa-800">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}

/** Stored text with blank lines as paragraph breaks and single line breaks kept. */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text have no other identity
        <p key={i} className={`whitespace-pre-line ${className ?? ""}`}>
          {p}
        </p>
      ))}
    </>
  );
}
