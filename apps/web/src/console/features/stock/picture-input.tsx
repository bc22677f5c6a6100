import { CONSOLE_MAX_PICTURE_BYTES, CONSOLE_MAX_PICTURES } from '@shop/contract';
import { type ChangeEvent, useId, useRef, useState } from 'react';

export interface ChosenPicture {
  name: string;
  /** The file's bytes as base64, as the API takes them. */
  base64: string;
  /** A data: URL to show it before it is sent. */
  preview: string;
  /** Tells two choices of the same file apart. */
  key: string;
}

let nextKey = 0;

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** A file's bytes as base64 (FileReader's data URL without its 'data:...;base64,' head). */
export function readAsBase64(file: File): Promise<ChosenPicture> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.onload = () => {
      nextKey += 1;
      const url = String(reader.result);
      resolve({
        name: file.name,
        base64: url.slice(url.indexOf(',') + 1),
        preview: url,
        key: `${file.name}-${nextKey}`,
      });
    };
    reader.readAsDataURL(file);
  });
}

/**
 * Up to six pictures chosen with a file input (JPEG, PNG or WebP of 5 MB or less), shown before
 * sending, each removable. Choosing more adds to those chosen; the server resizes them with sharp.
 * When editing, the item's current pictures are shown first, so the hint's "replace them all" is seen.
 */
export function PictureInput({
  pictures,
  onChange,
  error,
  hint,
  current = [],
  itemTitle = '',
}: {
  pictures: ChosenPicture[];
  onChange: (pictures: ChosenPicture[]) => void;
  error?: string | undefined;
  hint: string;
  /** The item's pictures now (when editing), shown above the input that would replace them. */
  current?: string[];
  itemTitle?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = CONSOLE_MAX_PICTURES - pictures.length;
    const tooBig = files.filter((f) => f.size > CONSOLE_MAX_PICTURE_BYTES);
    const wrongType = files.filter((f) => !ACCEPT.split(',').includes(f.type));
    const usable = files.filter((f) => !tooBig.includes(f) && !wrongType.includes(f)).slice(0, Math.max(room, 0));
    const problems = [
      tooBig.length > 0 ? `${tooBig.map((f) => f.name).join(', ')}: larger than 5 MB` : '',
      wrongType.length > 0 ? `${wrongType.map((f) => f.name).join(', ')}: not a JPEG, PNG or WebP picture` : '',
      files.length - tooBig.length - wrongType.length > room ? `At most ${CONSOLE_MAX_PICTURES} pictures` : '',
    ].filter(Boolean);
    setProblem(problems.length > 0 ? problems.join('. ') : null);
    if (usable.length > 0) onChange([...pictures, ...(await Promise.all(usable.map(readAsBase64)))]);
  }

  function remove(index: number) {
    onChange(pictures.filter((_, i) => i !== index));
    setProblem(null);
    input.current?.focus();
  }

  return (
    <div className={`field stock-pictures ${shown ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>Pictures (up to {CONSOLE_MAX_PICTURES})</label>
      {current.length > 0 ? (
        <ol className="stock-pictures__list stock-pictures__current" aria-label="Current pictures">
          {current.map((url, index) => (
            <li key={url}>
              <img
                src={url}
                alt={`${itemTitle} ${index + 1} of ${current.length}`.trim()}
                width={96}
                height={96}
                loading="lazy"
              />
            </li>
          ))}
        </ol>
      ) : null}
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <input
        ref={input}
        id={id}
        name="Pictures"
        type="file"
        accept={ACCEPT}
        multiple
        disabled={pictures.length >= CONSOLE_MAX_PICTURES}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => void choose(event)}
      />
      {shown ? (
        <p className="field__error" id={`${id}-error`}>
          {shown}
        </p>
      ) : null}
      {pictures.length > 0 ? (
        <ol className="stock-pictures__list" aria-label="Chosen pictures">
          {pictures.map((picture, index) => (
            <li key={picture.key}>
              <img src={picture.preview} alt={`${index + 1}: ${picture.name}`} width={96} height={96} />
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => remove(index)}
                aria-label={`Remove picture ${index + 1} (${picture.name})`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
