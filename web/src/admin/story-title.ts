/**
 * A story's name in the console: the start of its first slide's text, cut at a word (never
 * mid-word) with an ellipsis when longer; "Untitled story" when it has no text.
 */
export function storyTitle(firstText: string | undefined, max = 70): string {
  const text = (firstText ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return 'Untitled story';
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  // One long word is cut where it must be.
  const kept = space > max / 2 ? cut.slice(0, space) : text.slice(0, max);
  return `${kept.replace(/[\s.,;:!?-]+$/, '')}…`;
}
