import { useId, useRef, useState, type DragEvent } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';

interface VerifyDropZoneProps {
  maxMb: number;
  disabled: boolean;
  onFile: (file: File) => void;
}

/** One PDF chosen with the button (keyboard) or dropped on the area (pointer). */
export function VerifyDropZone({ maxMb, disabled, onFile }: VerifyDropZoneProps) {
  const { t } = useTranslation();
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
    const [file] = event.dataTransfer.files;
    if (disabled || file === undefined) return;
    event.preventDefault();
    onFile(file);
  };

  return (
    <div
      className={`verify-drop-zone${dragging ? ' verify-drop-zone--active' : ''}`}
      data-testid="verify-drop-zone"
      onDragOver={handleDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
    >
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button
          variant="primary"
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          aria-describedby={hintId}
        >
          {t('verify.chooseFile')}
        </Button>
        <span id={hintId} className="text-body-secondary">
          {t('verify.dropHint', { max: maxMb })}
        </span>
      </div>
      <input
        ref={inputRef}
        type="file"
        className="d-none"
        accept="application/pdf,.pdf"
        disabled={disabled}
        tabIndex={-1}
        data-testid="verify-file-input"
        onChange={(event) => {
          const [file] = event.target.files ?? [];
          // Cleared so that choosing the same file again checks it again.
          event.target.value = '';
          if (file !== undefined) onFile(file);
        }}
      />
    </div>
  );
}
