import { Monitor, Moon, Sun } from 'lucide-react';
import { type ThemeChoice, useTheme } from '../../lib/theme.js';
import { SegmentedControl } from '../ui/SegmentedControl.js';

/** System, Light or Dark as a radio group: Settings' Appearance (the shell has its one-button toggle). */
export function ThemeChooser() {
  const { choice, setChoice } = useTheme();
  return (
    <SegmentedControl<ThemeChoice>
      aria-label="Theme"
      value={choice}
      onValueChange={setChoice}
      options={[
        { value: 'system', label: 'System', icon: <Monitor aria-hidden="true" /> },
        { value: 'light', label: 'Light', icon: <Sun aria-hidden="true" /> },
        { value: 'dark', label: 'Dark', icon: <Moon aria-hidden="true" /> },
      ]}
    />
  );
}
