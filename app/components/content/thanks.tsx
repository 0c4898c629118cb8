import type { ReactNode } from "react";
import { heContent } from "../../../domain/i18n/content.ts";
import { AlertIcon, CheckCircleIcon } from "../ui/other-icons.tsx";

/**
 * A short confirmation page: a check mark, the page's one heading, a sentence and ways on. `problem` shows
 * a warning sign instead, for a page that could not do what its link promised (an expired club link).
 */
export function ThanksPanel({
  heading,
  text,
  links,
  problem = false,
}: {
  heading: string;
  text: ReactNode;
  links: { to: string; label: string }[];
  problem?: boolean;
}) {
  return (
    <main id="main" tabIndex={-1} className="outline-none">
      <div className="mx-auto flex min-h-[55vh] max-w-2xl flex-col items-center justify-center px-6 py-16 text-center">
        {problem ? (
          <AlertIcon className="size-20 text-berry-700" />
        ) : (
          <CheckCircleIcon className="size-20 text-olive-700" />
        )}
        <h1 className="mt-4 text-4xl font-extrabold text-cocoa-900">{heading}</h1>
        <p className="mt-3 text-xl text-cocoa-800">{text}</p>
        <ul className="mt-8 flex flex-wrap justify-center gap-3">
          {links.map((link, index) => (
            <li key={link.to}>
              <a
                href={link.to}
                className={
                  index === 0
                    ? "inline-block rounded-full bg-berry-700 px-6 py-3 font-semibold text-white shadow hover:bg-berry-600"
                    : "inline-block rounded-full border-2 border-crust-700 px-6 py-3 font-semibold text-crust-700 hover:bg-cream-50"
                }
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}

export const THANKS_LINKS = [
  { to: "/", label: heContent.thanks.backHome },
  { to: "/products", label: heContent.thanks.toProducts },
  { to: "/sales", label: heContent.thanks.toSales },
];
