/** An image reference that is a URL ("http…", a kept copy's "blob:…") is used as is, else served by /api/images. */
export function imageSrc(ref: string): string {
  return ref.includes(':') ? ref : `/api/images/${ref}`;
}
