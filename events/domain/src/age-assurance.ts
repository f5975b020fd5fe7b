/**
 * What the product says about age assurance: the servers' refusals and the assurance screen's
 * words, written once for both.
 */
export const ageAssuranceMessages = {
  imageRequiresAssurance:
    'This image belongs to an Explicit story: it is shown only once you have confirmed you are an adult.',
  screenTitle: 'Confirm you are an adult',
  screenWhy:
    'This story is rated Explicit. The law where you are requires us to check that a reader is an adult before showing it. We learn only that you are over 18: never your name, birth date or documents, and the checker is not told which story you wanted.',
  chooseMethod: 'Choose how to confirm your age:',
  noMethods: 'No way of confirming your age is available right now. Please try again later.',
  providerDown: (label: string) =>
    `${label} is not answering right now. Please try again in a moment, or choose another way below.`,
  returnChecking: 'Checking the result…',
  returnRefused:
    'Your age could not be confirmed, so the story stays hidden. You can try again or choose another way.',
  returnFailed: 'We could not get the result of your check. Please start again.',
  returnMissing:
    'This page is reached at the end of an age check. Start one from the story you wanted to read.',
} as const;
