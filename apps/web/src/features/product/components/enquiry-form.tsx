import { ENQUIRY_MESSAGE_MAX_LENGTH } from '@shop/contract';
import { useId } from 'react';
import { Notice } from '../../../components/notice';
import { formatCount } from '../../../lib/format-count';
import { CaptchaField, describedBy, FieldError } from './enquiry-parts';
import { useEnquiryForm } from './use-enquiry-form';
import '../product.css';

/**
 * The product enquiry form: name, e-mail, message and a captcha picture. Each field is checked
 * with the contract's rules as it is typed in, when it loses focus and on submit.
 */
export function EnquiryForm({ productCode, storeName }: { productCode: string; storeName: string }) {
  const id = useId();
  const { form, refs, captcha, newCaptcha, sending, notice, submit, setFormElement } = useEnquiryForm(
    productCode,
    storeName,
  );
  const { values, errors } = form;
  const messageLength = values.message.length;

  return (
    <form
      ref={setFormElement}
      className="enquiry"
      noValidate
      onSubmit={submit}
      onFocus={() => void form.ready().catch(() => undefined)}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="enquiry__title">
        Ask the store about this item
      </h2>
      <p className="enquiry__intro">Our {storeName} store will answer by e-mail, usually within one business day.</p>
      <div className="enquiry__row">
        <div className={`field ${errors.name ? 'field--invalid' : ''}`}>
          <label htmlFor={`${id}-name`}>Name</label>
          <input
            ref={refs.name}
            id={`${id}-name`}
            autoComplete="name"
            required
            {...form.field('name')}
            aria-describedby={describedBy(id, errors, 'name')}
          />
          <FieldError id={id} field="name" errors={errors} />
        </div>
        <div className={`field ${errors.email ? 'field--invalid' : ''}`}>
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            ref={refs.email}
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            {...form.field('email')}
            aria-describedby={describedBy(id, errors, 'email')}
          />
          <FieldError id={id} field="email" errors={errors} />
        </div>
      </div>
      <div className={`field ${errors.message ? 'field--invalid' : ''}`}>
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea
          ref={refs.message}
          id={`${id}-message`}
          rows={5}
          required
          {...form.field('message')}
          aria-describedby={describedBy(id, errors, 'message', `${id}-message-count`)}
        />
        <p
          id={`${id}-message-count`}
          className={`field__hint ${messageLength > ENQUIRY_MESSAGE_MAX_LENGTH ? 'field__hint--over' : ''}`}
        >
          {formatCount(messageLength)} of {formatCount(ENQUIRY_MESSAGE_MAX_LENGTH)} characters
        </p>
        <FieldError id={id} field="message" errors={errors} />
      </div>
      <CaptchaField
        id={id}
        captcha={captcha}
        errors={errors}
        inputRef={refs.captcha}
        inputProps={form.field('captcha')}
        onNewPicture={() => {
          form.clear('captcha');
          newCaptcha();
        }}
      />
      {notice ? <Notice kind={notice.kind}>{notice.text}</Notice> : null}
      <div className="enquiry__actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending...' : 'Send enquiry'}
        </button>
      </div>
    </form>
  );
}
