/**
 * Public pages load their JavaScript after the page has loaded, not during it.
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` per module (React hoists them into the
 * head) and a module script whose static imports fetch the same modules. A browser therefore starts
 * downloading about 110 KB of JavaScript with the stylesheet, the fonts and the first picture, and on a
 * phone's connection they share its bandwidth: the first paint and the largest picture wait for code that
 * only hydrates a page which already works without it (the header, links and the search form are plain HTML;
 * ADR 008, docs/performance.md "Hydration after load, cut fonts, …").
 *
 * This takes the preloads out of the document and turns the module script into an inert one
 * (`type="text/x-deferred-module"`); a small inline script starts both once the window's `load` event has
 * fired (images, stylesheet and fonts in) and the first contentful paint is done, keeping the CSP nonce.
 * The module script's text is React Router's own, so hydration is what it always was, only later.
 */

const PRELOAD_START = Buffer.from('<link rel="modulepreload" href="');
const TAG_END = Buffer.from("/>");
const HEAD_END = Buffer.from("</head>");
const MODULE_SCRIPT_END = Buffer.from('" type="module" async="">');
const SCRIPT_START = Buffer.from('<script nonce="');
const BODY_END = Buffer.from("</body>");
const DEFERRED_TYPE = "text/x-deferred-module";
const DEFERRED_ID = "rr-deferred-hydration";

/**
 * The document with its module preloads and module script deferred; the same bytes when it has no module
 * script (an error page rendered without scripts, or a React Router whose markup changed — then the page
 * simply loads as before, and tests/integration/home-bundle.test.ts fails). Works on the bytes with native
 * searches: an uncached render spent a tenth of its time here when this went through a string and regular
 * expressions (docs/performance.md).
 */
export function deferHydration(html: Buffer): Buffer {
  // React Router's module script comes last but for the scroll restoration and the page's own data.
  const scriptEnd = html.lastIndexOf(MODULE_SCRIPT_END);
  const bodyEnd = html.lastIndexOf(BODY_END);
  if (scriptEnd === -1 || bodyEnd < scriptEnd) return html;
  const scriptStart = html.lastIndexOf(SCRIPT_START, scriptEnd);
  if (scriptStart === -1) return html;
  const nonce = html.toString("latin1", scriptStart + SCRIPT_START.length, scriptEnd);

  // The preloads React hoisted into the head: cut out, their addresses kept.
  const parts: Buffer[] = [];
  const modules: string[] = [];
  const headEnd = html.indexOf(HEAD_END);
  let from = 0;
  for (let at = html.indexOf(PRELOAD_START); at !== -1 && at < headEnd; at = html.indexOf(PRELOAD_START, from)) {
    const hrefEnd = html.indexOf(34 /* " */, at + PRELOAD_START.length);
    const tagEnd = html.indexOf(TAG_END, hrefEnd);
    if (hrefEnd === -1 || tagEnd === -1) return html;
    modules.push(html.toString("utf8", at + PRELOAD_START.length, hrefEnd));
    parts.push(html.subarray(from, at));
    from = tagEnd + TAG_END.length;
  }
  parts.push(
    html.subarray(from, scriptStart),
    Buffer.from(`<script nonce="${nonce}" type="${DEFERRED_TYPE}" id="${DEFERRED_ID}">`),
    html.subarray(scriptEnd + MODULE_SCRIPT_END.length, bodyEnd),
    Buffer.from(`<script nonce="${nonce}">${loader(modules)}</script>`),
    html.subarray(bodyEnd),
  );
  return Buffer.concat(parts);
}

/**
 * The inline loader: preload links for every module, then the module script itself, once the window has loaded
 * and the page has had its first contentful paint. `load` alone is not enough: on a fast connection it can come
 * before the first paint, and the scripts would again compete with it. Browsers without paint timing (or a page
 * restored with its paint long past) go at `load`; a page opened in a background tab hydrates when first shown.
 */
function loader(modules: string[]): string {
  return `(function(){var d=document,w=window,loaded=d.readyState==="complete",painted=false,started=false;function go(){if(!loaded||!painted||started)return;started=true;var o=d.getElementById(${JSON.stringify(DEFERRED_ID)});if(!o)return;${JSON.stringify(modules)}.forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;d.head.appendChild(s)}var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted=true;go()}}).observe({type:"paint",buffered:true})}else painted=true;if(!loaded)w.addEventListener("load",function(){loaded=true;go()},{once:true});go()})()`;
}
