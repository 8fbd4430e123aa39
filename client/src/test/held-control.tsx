import { useState, type ComponentType } from 'react';

/** A controlled input as a page holds it: its value in the page's state, each change also reported to `onChange`. */
export function HeldControl<T>({ control: Control, initial, onChange }: { control: ComponentType<{ value: T; onChange: (next: T) => void }>; initial: T; onChange: (next: T) => void }) {
  const [value, setValue] = useState<T>(initial);
  return (
    <Control
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}
