/** The four characters of the features carousel: original code-drawn illustrations in web/public/characters. */
export interface Character {
  name: string;
  role: string;
  src: string;
}

export const CHARACTERS: Character[] = [
  { name: 'Selene', role: 'Keeper of the moon', src: '/characters/selene.svg' },
  { name: 'Aurelio', role: 'The midnight count', src: '/characters/aurelio.svg' },
  { name: 'Mira', role: 'The starlit dancer', src: '/characters/mira.svg' },
  { name: 'Kael', role: 'The hooded wanderer', src: '/characters/kael.svg' },
];

/** The carousel changes image every 3 seconds. */
export const CAROUSEL_INTERVAL_MS = 3000;
