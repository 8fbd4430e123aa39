import { forwardRef, type InputHTMLAttributes } from 'react';

type HiddenFileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'hidden' | 'onChange'> & { onFile: (file: File | undefined) => void };

/**
 * The file input behind a "Choose a file" button: the chosen file goes to `onFile`, and the input is
 * emptied again so that choosing the same file once more is noticed too.
 */
export const HiddenFileInput = forwardRef<HTMLInputElement, HiddenFileInputProps>(function HiddenFileInput({ onFile, ...props }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      hidden
      {...props}
      onChange={(event) => {
        onFile(event.currentTarget.files?.[0]);
        event.currentTarget.value = '';
      }}
    />
  );
});
