import type { ContentWarningId, StoryRatingId } from '@nocturne/domain';
import type { Look } from './illustrate';

/** One story of the demo library: its slides' texts (one picture each) and how it looks. */
export interface DemoStory {
  look: Look;
  texts: readonly string[];
  isPremium: boolean;
  /** Tags from DEMO_TAGS and content warning ids. */
  tags: readonly string[];
  warnings: readonly ContentWarningId[];
  /** General, Mature or Explicit: the library has stories of each. */
  rating: StoryRatingId;
}

/**
 * The demo creators: members who publish the library under their pen names (story i is by
 * creator i mod 3). `.example` addresses, so no mail reaches a person.
 */
export const DEMO_CREATORS: readonly { email: string; penName: string }[] = [
  { email: 'vesper@demo.nocturne.example', penName: 'Vesper Lane' },
  { email: 'marlow@demo.nocturne.example', penName: 'Marlow_Quill' },
  { email: 'isolde@demo.nocturne.example', penName: 'Isolde Night' },
];

/** The curated tags the admin adds before publishing the library: every tag a demo story carries. */
export const DEMO_TAGS: readonly string[] = [
  'city nights',
  'countryside',
  'festival',
  'forbidden',
  'gothic',
  'seaside',
  'second chance',
  'secret admirer',
  'slow burn',
  'stargazing',
  'strangers',
  'summer',
];

/**
 * The demo library: short original stories for adults, suggestive and never explicit, each with
 * a palette and a motif of its own. Every third one is premium, so a first start shows locked
 * cards beside free ones. Two are General, two Explicit (their pictures stand for explicit ones:
 * a first start shows how an Explicit story is kept from a visitor not assured of their age),
 * the rest Mature.
 */
export const DEMO_LIBRARY: readonly DemoStory[] = [
  {
    look: { palette: ['#120a2e', '#3b1d5c', '#1a0f33', '#f4e3c1'], motif: 'moon' },
    tags: ['second chance', 'slow burn'],
    warnings: ['substance-use'],
    rating: 'mature',
    isPremium: false,
    texts: [
      'The moon rose late over the vineyard, and Elena stopped pretending she had come back for the harvest.',
      'Marco was where she had left him three summers ago, on the low stone wall, sleeves rolled, a bottle between his knees.',
      '"You kept the key," he said. She had. She had kept everything, especially the things she swore she would forget.',
      'They walked the rows without a lantern. The grapes were warm from the day, and so, when their hands finally met, were they.',
    ],
  },
  {
    look: { palette: ['#02030f', '#101a3d', '#8fb3ff', '#ffffff'], motif: 'stars' },
    tags: ['slow burn', 'stargazing'],
    warnings: [],
    rating: 'general',
    isPremium: false,
    texts: [
      'At the observatory the dome opened with a sigh, and the whole sky leaned in to listen.',
      'Noor named the stars for him in a whisper: Vega, Deneb, Altair. He was not looking at any of them.',
      'Some lights, she told him, left their stars thousands of years ago and are only arriving now.',
      '"Then I am right on time," he said, and the telescope was forgotten until dawn.',
    ],
  },
  {
    look: { palette: ['#050b1f', '#0d2b45', '#1f6f8b', '#e9f5ff'], motif: 'waves' },
    tags: ['strangers', 'seaside'],
    warnings: [],
    rating: 'mature',
    isPremium: true,
    texts: [
      'The last ferry left without them. Neither of them ran for it.',
      'The island had one hotel, one room left, and a balcony where the sea kept rehearsing the same slow sentence.',
      'She undid her hair in the salt wind. He watched as if the tide had brought her in especially.',
      'They spoke until the words ran out and then let the water talk instead.',
      'In the morning the ferry came back, patient as ever. They let that one go too.',
    ],
  },
  {
    look: { palette: ['#1b0510', '#4a0f24', '#b3264f', '#ffc2d1'], motif: 'petals' },
    tags: ['secret admirer', 'slow burn'],
    warnings: [],
    rating: 'mature',
    isPremium: false,
    texts: [
      "Every Thursday a single red rose waited at the florist's door, addressed to no one.",
      'Clara, who owned the shop, began to stay late just to see who would take it.',
      'It was the night baker from across the street, flour still on his wrists, who finally confessed that he had been leaving them.',
      '"For whom?" she asked. He did not answer. He only held the door for her, and the rose.',
    ],
  },
  {
    look: { palette: ['#07060f', '#1e1838', '#12101f', '#ffd36b'], motif: 'city' },
    tags: ['city nights', 'strangers'],
    warnings: ['substance-use'],
    rating: 'explicit',
    isPremium: false,
    texts: [
      'Across the courtyard a window lit at eleven every night, and every night Julien pretended not to wait for it.',
      'She read by the glass, shoulders bare, a pencil in her hair. Once, she looked up and did not look away.',
      'The next evening a note was taped to her pane, in letters large enough to read across the dark: Third floor. Wine?',
      'He climbed the stairs with his heart somewhere near his throat. The door was already open.',
      'Later, from her side, his own window looked small and lonely, and he decided it could stay dark for a while.',
    ],
  },
  {
    look: { palette: ['#0b1016', '#243447', '#5c7c99', '#ffe7b3'], motif: 'rain' },
    tags: ['city nights', 'second chance'],
    warnings: [],
    rating: 'mature',
    isPremium: true,
    texts: [
      'The storm trapped them in the doorway of a closed bookshop, two strangers and one umbrella that had given up.',
      'She laughed first. He offered his coat, which was wetter than she was.',
      'They counted the seconds between lightning and thunder, and somewhere around four they stopped counting anything.',
      'When the rain eased neither of them mentioned it.',
    ],
  },
  {
    look: { palette: ['#140617', '#3d1430', '#26101d', '#ffb347'], motif: 'lanterns' },
    tags: ['festival', 'strangers'],
    warnings: [],
    rating: 'mature',
    isPremium: false,
    texts: [
      'On the night of the lantern festival the whole river was fire and wishes.',
      'Mei wrote hers in a hurry and folded it before he could read it.',
      'His lantern drifted into hers, and the two paper lights turned slowly together with the current.',
      '"Tell me what you wished," he said. "Walk me home," she said, "and you will find out."',
    ],
  },
  {
    look: { palette: ['#1a0a14', '#3a1630', '#c06c84', '#f8d8e8'], motif: 'silk' },
    tags: ['forbidden', 'slow burn'],
    warnings: [],
    rating: 'explicit',
    isPremium: false,
    texts: [
      'The tailor measured her in silence, a ribbon of tape across her shoulders, the small of her back, her wrist.',
      'She had ordered a dress for a wedding she no longer meant to attend.',
      '"Then where will you wear it?" he asked, pins between his lips.',
      'She turned in the mirror and met his eyes there. "Somewhere you can see it," she said.',
      'He took a very long time with the hem.',
    ],
  },
  {
    look: { palette: ['#0a0f1f', '#2a2450', '#4a3f80', '#f2e9d8'], motif: 'hills' },
    tags: ['second chance', 'countryside'],
    warnings: [],
    rating: 'mature',
    isPremium: true,
    texts: [
      'The mountain hut had one fire and two sleeping bags, and by midnight that was one too many.',
      'Outside the snow fell in slow handfuls. Inside they traded stories about the people they had been before this trip.',
      'When the fire burned low she reached to feed it, and his hand was already there.',
      'They let it burn down anyway.',
    ],
  },
  {
    look: { palette: ['#100806', '#2e1a12', '#6b4a3a', '#ffcf7a'], motif: 'candles' },
    tags: ['forbidden', 'gothic'],
    warnings: [],
    rating: 'mature',
    isPremium: false,
    texts: [
      'The power went out during the dinner party, and the guests left one by one, blaming the storm.',
      'Only Ines stayed to help with the candles.',
      'In the small light his kitchen looked like a chapel, and he looked like someone about to confess.',
      '"I have been trying to seat you next to me for a year," he said. She blew out the match between them.',
      'They ate dessert at two in the morning, from the same plate, barefoot on the cold tiles.',
      'When the lights came back on at dawn, they switched them off again.',
    ],
  },
  {
    look: { palette: ['#050d08', '#12301f', '#1d3b26', '#e8ff8a'], motif: 'fireflies' },
    tags: ['countryside', 'summer'],
    warnings: [],
    rating: 'general',
    isPremium: false,
    texts: [
      "Summer at her aunt's farm was supposed to be quiet, until the neighbour's son came to fix the fence.",
      'At dusk the meadow filled with fireflies, and he showed her how to hold one without closing her hand.',
      'They sat in the long grass until the house went dark behind them.',
    ],
  },
  {
    look: { palette: ['#020812', '#0b1f33', '#3ce0a8', '#b48cff'], motif: 'aurora' },
    tags: ['stargazing', 'strangers'],
    warnings: [],
    rating: 'mature',
    isPremium: true,
    texts: [
      'They had driven north for three days to see the lights, and on the last night the sky finally opened.',
      'Green and violet poured over the frozen lake, and Astrid forgot to be cold.',
      'He wrapped her in the blanket from behind and did not let go when the colours faded.',
      '"We came all this way for the sky," she said. "Speak for yourself," he said into her hair.',
      'The lights came back twice more before morning. They barely noticed.',
    ],
  },
];
