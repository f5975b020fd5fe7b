import { READING_SETTING_CHOICES, type ReadingSettings, type ReadingSettingsChange } from '@nocturne/domain';
import { Alert } from '../ui/Alert';
import { ChoiceButtons } from '../ui/ChoiceButtons';
import { Dialog } from '../ui/Dialog';
import { Checkbox } from '../ui/Field';
import { useReadingSettings } from './reading-settings-queries';
import './ReadingSettingsDialog.css';

type ChoiceKey = keyof typeof READING_SETTING_CHOICES;

const GROUPS: { key: ChoiceKey; title: string }[] = [
  { key: 'textSize', title: 'Text size' },
  { key: 'typeface', title: 'Typeface' },
  { key: 'lineSpacing', title: 'Line spacing' },
  { key: 'theme', title: 'Theme' },
  { key: 'transition', title: 'Slide transition' },
];

/** One setting's choices, under its visible title. */
function SettingGroup({
  group,
  settings,
  onChoose,
}: {
  group: (typeof GROUPS)[number];
  settings: ReadingSettings;
  onChoose(change: ReadingSettingsChange): void;
}) {
  const choices = READING_SETTING_CHOICES[group.key] as readonly { value: string; label: string }[];
  const labels = new Map(choices.map((choice) => [choice.value, choice.label]));
  return (
    // The choices' fieldset carries the title for screen readers; this one is for the eye.
    <div className="reading-settings__group">
      <p className="reading-settings__title" aria-hidden="true">
        {group.title}
      </p>
      <ChoiceButtons
        legend={group.title}
        className="reading-settings__choices"
        choices={choices.map((choice) => choice.value)}
        current={settings[group.key]}
        label={(value) => labels.get(value)}
        onChoose={(value) => onChoose({ [group.key]: value })}
      />
    </div>
  );
}

/**
 * The reader's settings: text size, typeface, line spacing, theme, reduced motion and the slide
 * transition. Each change applies at once; a member's go to every device they read on.
 */
export function ReadingSettingsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { settings, choose, failed } = useReadingSettings();
  return (
    <Dialog open={open} onClose={onClose} title="Reading settings" className="reading-settings">
      {GROUPS.map((group) =>
        group.key === 'transition' && settings.reducedMotion ? null : (
          <SettingGroup key={group.key} group={group} settings={settings} onChoose={choose} />
        ),
      )}
      <Checkbox
        checked={settings.reducedMotion}
        onChange={(event) => choose({ reducedMotion: event.target.checked })}
      >
        Reduce motion
      </Checkbox>
      {failed ? <Alert tone="error">Your settings could not be saved. Try again.</Alert> : null}
    </Dialog>
  );
}
