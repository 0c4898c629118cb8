import { useRouteLoaderData } from "react-router";
import { serializeJsonLd } from "../../lib/structured-data.ts";

/**
 * Structured data as <script type="application/ld+json">, carrying the CSP nonce. The JSON is
 * serialized with `<` escaped, so text from the database can never end the element early.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = (useRouteLoaderData("root") as { nonce?: string } | undefined)?.nonce;
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // Browsers hide a nonce after load, so the value the client sees differs by design.
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes every "<", so nothing can break out
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
