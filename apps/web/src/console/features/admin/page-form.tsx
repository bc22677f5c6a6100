import { type AdminPage, AdminPageBodySchema, type AdminPageInput } from '@shop/contract';
import { useEffect, useRef } from 'react';
import { TextField } from '../../../components/form-field';
import { formSender } from '../../../lib/form-sender';
import { useContractForm } from '../../../lib/use-contract-form';
import { FormProblems, TextAreaField } from '../../components/console-ui';
import { saveAdminPage } from './api/admin-pages';

const FIELDS = ['Title', 'Description', 'BodyHtml'] as const;
type Field = (typeof FIELDS)[number];

const toBody = (v: Record<Field, string>): AdminPageInput => ({
  Title: v.Title,
  Description: v.Description,
  BodyHtml: v.BodyHtml,
});

/** Changes a help page's words (its address stays: the shop's links name it). The server sanitises the body. */
export function PageForm({
  page,
  onSaved,
  onCancel,
}: {
  page: AdminPage;
  onSaved: (page: AdminPage) => void;
  onCancel: () => void;
}) {
  const form = useContractForm({
    fields: FIELDS,
    validateOnInput: 'submit',
    initial: { Title: page.Title, Description: page.Description, BodyHtml: page.BodyHtml },
    schema: AdminPageBodySchema,
    send: formSender({ toBody, save: (body) => saveAdminPage(page.Slug, body), onSaved }),
  });
  // The form opens above the list, out of sight of the Edit pressed far down it: focus brings it in view.
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.querySelector('input')?.focus(), []);
  return (
    <form ref={ref} className="admin-form" onSubmit={form.submit} noValidate aria-labelledby="page-form-title">
      <h3 id="page-form-title">Edit “{page.Title}”</h3>
      <p>
        Shown at <a href={page.Url}>{page.Url}</a>
      </p>
      <TextField
        label="Title"
        value={form.values.Title}
        onChange={(event) => form.setValue('Title', event.target.value)}
        error={form.errorAt('Title')}
      />
      <TextAreaField
        label="Summary"
        hint="The line under the title. The returns page's summary is also shown on every item page."
        value={form.values.Description}
        onChange={(event) => form.setValue('Description', event.target.value)}
        error={form.errorAt('Description')}
        rows={3}
      />
      <TextAreaField
        label="Page text"
        hint="HTML: paragraphs, bold, italics, lists and links only; anything else is removed when saved."
        value={form.values.BodyHtml}
        onChange={(event) => form.setValue('BodyHtml', event.target.value)}
        error={form.errorAt('BodyHtml')}
        rows={16}
      />
      <FormProblems messages={form.otherErrors([...FIELDS])} />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={form.saving}>
          {form.saving ? 'Saving...' : 'Save the page'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
