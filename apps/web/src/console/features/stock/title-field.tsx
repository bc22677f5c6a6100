import { CONSOLE_TITLE_MAX } from '@shop/contract';
import { TextField } from '../../../components/form-field';

/** How close to the limit the count starts being announced (as GOV.UK's character count does). */
const ANNOUNCE_WITHIN = 15;

interface TitleFieldProps {
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
  onBlur: () => void;
}

/**
 * The item's title with a live 'n/150' count. The count is the field's hint, so it is read with the
 * field (aria-describedby); a polite live region speaks only near the limit, so a screen reader is
 * not interrupted on every key.
 */
export function TitleField({ value, error, onChange, onBlur }: TitleFieldProps) {
  const left = CONSOLE_TITLE_MAX - value.length;
  return (
    <>
      <TextField
        label="Title"
        name="Title"
        required
        maxLength={CONSOLE_TITLE_MAX}
        autoComplete="off"
        value={value}
        error={error}
        onChange={onChange}
        onBlur={onBlur}
        hint={
          <span className="stock-form__count">
            {value.length}/{CONSOLE_TITLE_MAX} characters
          </span>
        }
      />
      <p className="visually-hidden" aria-live="polite" data-testid="title-count-announcement">
        {left <= ANNOUNCE_WITHIN ? `${left} ${left === 1 ? 'character' : 'characters'} left` : ''}
      </p>
    </>
  );
}
