import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import './file-drop-zone.css';

interface FileDropZoneProps {
  /** The text beside the button, e.g. 'Drop a PDF file here…'. */
  hint: string;
  buttonLabel: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  inputTestId: string;
  /** Set when the area has a message: the button is then focused first and described by it. */
  invalid?: boolean;
  describedBy?: string;
  onFiles: (files: File[]) => void;
  children?: ReactNode;
}

/**
 * Choosing files with a button (keyboard) or dropping them on the area (pointer). The file
 * input itself stays hidden; the button opens it, so its words are the interface's language,
 * not the browser's ("Choose File" on a Finnish page).
 */
export function FileDropZone({
  hint,
  buttonLabel,
  accept,
  multiple = false,
  disabled = false,
  inputTestId,
  invalid = false,
  describedBy,
  onFiles,
  children,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const handleDragOver = (event: DragEvent) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const handleDrop = (event: DragEvent) => {
    setDragging(false);
    if (disabled || event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    const files = [...event.dataTransfer.files];
    onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    <div
      className={`file-drop-zone${dragging ? ' file-drop-zone--active' : ''}`}
      onDragOver={handleDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
    >
      {children}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button
          variant="outline-primary"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          data-invalid={invalid ? true : undefined}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        >
          {buttonLabel}
        </Button>
        <span id={hintId} className="text-body-secondary small">
          {hint}
        </span>
      </div>
      <input
        ref={inputRef}
        type="file"
        className="d-none"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        tabIndex={-1}
        data-testid={inputTestId}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so that picking the same file again after a refusal is noticed.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
