/**
 * The bakery's default share image (public/share.jpg, drawn by scripts/share-image.ts): the Open Graph
 * image of every page that has none of its own, such as a product without a photo.
 */
export const SHARE_IMAGE = { path: "/share.jpg", width: 1200, height: 630 } as const;
