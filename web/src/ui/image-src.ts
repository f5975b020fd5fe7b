/** An image reference starting with "http" is used as is, else served by /api/images. */
export function imageSrc(ref: string): string {
  return ref.startsWith('http') ? ref : `/api/images/${ref}`;
}
