import type { Picture } from "../../../domain/contracts/catalogue.ts";

interface Props {
  picture: Picture | null;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  className?: string;
  /** The largest above-the-fold image loads eagerly with high priority; everything else is lazy. */
  priority?: boolean;
  /** Alt text override; an empty string marks the image as decorative. */
  alt?: string;
  /**
   * Drawn size when the box has another shape than the file (e.g. 300×260 tiles cropped with
   * object-cover): width/height attributes then reserve the drawn box. Defaults to the file's size.
   */
  width?: number;
  height?: number;
}

/** Responsive <picture> from the stored AVIF/WebP variants, with intrinsic size so nothing shifts. */
export function ResponsivePicture({ picture, sizes, className, priority = false, alt, width, height }: Props) {
  if (!picture) {
    return (
      <span
        aria-hidden="true"
        className={`block bg-cream-300 ${className ?? ""}`}
        style={width && height ? { aspectRatio: `${width} / ${height}` } : undefined}
      />
    );
  }
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.url}
        width={width ?? picture.width}
        height={height ?? picture.height}
        alt={alt ?? picture.alt}
        className={className}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}
