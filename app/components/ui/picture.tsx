import type { Picture } from "../../lib/types.ts";

interface Props {
  picture: Picture | null;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  className?: string;
  /** The largest above-the-fold image loads eagerly with high priority; everything else is lazy. */
  priority?: boolean;
  /** Alt text override; an empty string marks the image as decorative. */
  alt?: string;
}

/** Responsive <picture> from the stored AVIF/WebP variants, with intrinsic size so nothing shifts. */
export function ResponsivePicture({ picture, sizes, className, priority = false, alt }: Props) {
  if (!picture) {
    return <div aria-hidden="true" className={`bg-cream-300 ${className ?? ""}`} />;
  }
  return (
    <picture>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.url}
        width={picture.width}
        height={picture.height}
        alt={alt ?? picture.alt}
        className={className}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : "auto"}
      />
    </picture>
  );
}
