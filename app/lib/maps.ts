/** Map and navigation links for a branch: from its coordinates when known, else from its address. */
import type { Branch } from "../../domain/contracts/content.ts";

type Place = Pick<Branch, "latitude" | "longitude" | "address" | "location">;

function coordinates(place: Place): string | null {
  return place.latitude !== null && place.longitude !== null ? `${place.latitude},${place.longitude}` : null;
}

/** The embeddable Google map (the CSP allows frames from www.google.com only). */
export function mapEmbedUrl(place: Place): string {
  const q = coordinates(place) ?? encodeURIComponent(place.address);
  return `https://www.google.com/maps?q=${q}&hl=he&z=16&output=embed`;
}

export function wazeUrl(place: Place): string {
  const ll = coordinates(place);
  return ll
    ? `https://waze.com/ul?ll=${ll}&navigate=yes`
    : `https://waze.com/ul?q=${encodeURIComponent(place.address)}&navigate=yes`;
}

/** The branch's own map URL when it is a web address, else a Google Maps search for it. */
export function googleMapsUrl(place: Place): string {
  if (/^https:\/\//.test(place.location)) return place.location;
  const q = coordinates(place) ?? encodeURIComponent(place.address);
  return `https://www.google.com/maps/search/?api=1&query=${q}`;
}
