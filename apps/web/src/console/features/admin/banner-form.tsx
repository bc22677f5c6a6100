import { type AdminBanner, AdminBannerBodySchema, type AdminBannerInput } from '@shop/contract';
import { SelectField, TextField } from '../../../components/form-field';
import { formSender } from '../../../lib/form-sender';
import { useContractForm } from '../../../lib/use-contract-form';
import { CheckboxField, FormProblems, TextAreaField } from '../../components/console-ui';
import { saveAdminBanner } from './api/admin-banners';

const FIELDS = [
  'Title',
  'TitleSize',
  'Description',
  'BannerClickUrl',
  'ButtonText',
  'ButtonUrl',
  'BackgroundImageUrl',
  'BackgroundImageAltText',
  'GradientColourCodeStart',
  'GradientColourCodeEnd',
  'Position',
  'Active',
] as const;
type Field = (typeof FIELDS)[number];

function initialOf(banner: AdminBanner | null): Record<Field, string> {
  return {
    Title: banner?.Title ?? '',
    TitleSize: banner?.TitleSize ?? 'Large',
    Description: banner?.Description ?? '',
    BannerClickUrl: banner?.BannerClickUrl ?? '',
    ButtonText: banner?.PrimaryButton?.DisplayName ?? '',
    ButtonUrl: banner?.PrimaryButton?.OnClickUrl ?? '',
    BackgroundImageUrl: banner?.BackgroundImageUrl ?? '',
    BackgroundImageAltText: banner?.BackgroundImageAltText ?? '',
    GradientColourCodeStart: banner?.GradientColourCodeStart ?? '#1f3b57',
    GradientColourCodeEnd: banner?.GradientColourCodeEnd ?? '#2f6f8f',
    Position: String(banner?.Position ?? 0),
    Active: banner && !banner.Active ? '' : 'yes',
  };
}

function toBody(v: Record<Field, string>): AdminBannerInput {
  const button =
    v.ButtonText.trim() || v.ButtonUrl.trim() ? { DisplayName: v.ButtonText, OnClickUrl: v.ButtonUrl } : null;
  return {
    Title: v.Title,
    TitleSize: v.TitleSize as 'Large' | 'Small',
    Description: v.Description,
    BannerClickUrl: v.BannerClickUrl,
    PrimaryButton: button,
    BackgroundImageUrl: v.BackgroundImageUrl,
    BackgroundImageAltText: v.BackgroundImageAltText,
    GradientColourCodeStart: v.GradientColourCodeStart,
    GradientColourCodeEnd: v.GradientColourCodeEnd,
    Position: v.Position.trim() === '' ? 0 : Number(v.Position),
    Active: v.Active === 'yes',
  };
}

/** Adds a slide to the home carousel or changes one. The server sanitises the description's HTML. */
export function BannerForm({
  banner,
  onSaved,
  onCancel,
}: {
  banner: AdminBanner | null;
  onSaved: (banner: AdminBanner) => void;
  onCancel: () => void;
}) {
  const form = useContractForm({
    fields: FIELDS,
    validateOnInput: 'submit',
    initial: initialOf(banner),
    schema: AdminBannerBodySchema,
    send: formSender({
      toBody,
      save: (body) => saveAdminBanner(banner?.Id ?? null, body),
      onSaved,
    }),
  });
  const text = (field: Field, label: string, error = form.errorAt(field), extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={form.values[field]}
      onChange={(event) => form.setValue(field, event.target.value)}
      error={error}
      {...extra}
    />
  );
  const buttonError = form.errorAt('PrimaryButton');
  return (
    <form className="admin-form" onSubmit={form.submit} noValidate aria-labelledby="banner-form-title">
      <h3 id="banner-form-title">{banner ? `Edit “${banner.Title}”` : 'Add a banner'}</h3>
      <div className="admin-grid">
        {text('Title', 'Title')}
        <SelectField
          label="Title size"
          value={form.values.TitleSize}
          onChange={(event) => form.setValue('TitleSize', event.target.value)}
          error={form.errorAt('TitleSize')}
        >
          <option value="Large">Large (a heading)</option>
          <option value="Small">Small</option>
        </SelectField>
      </div>
      <TextAreaField
        label="Description"
        hint="HTML: paragraphs, bold, italics, lists and links only; anything else is removed when saved."
        value={form.values.Description}
        onChange={(event) => form.setValue('Description', event.target.value)}
        error={form.errorAt('Description')}
        rows={4}
      />
      <div className="admin-grid">
        {text('BannerClickUrl', 'Banner links to (optional)', form.errorAt('BannerClickUrl'), {
          placeholder: '/search?query=...',
        })}
        {text('ButtonText', 'Button text (optional)', form.errorAt('PrimaryButton.DisplayName') ?? buttonError)}
        {text('ButtonUrl', 'Button links to', form.errorAt('PrimaryButton.OnClickUrl'))}
        {text('BackgroundImageUrl', 'Background picture address (optional)')}
        {text('BackgroundImageAltText', 'Background picture description')}
        {text('GradientColourCodeStart', 'Gradient from (colour)', undefined, { type: 'color' })}
        {text('GradientColourCodeEnd', 'Gradient to (colour)', undefined, { type: 'color' })}
        {text('Position', 'Position (lowest first)', form.errorAt('Position'), { inputMode: 'numeric' })}
      </div>
      <CheckboxField
        label="Shown on the home page"
        checked={form.values.Active === 'yes'}
        onChange={(on) => form.setValue('Active', on ? 'yes' : '')}
        error={form.errorAt('Active')}
      />
      <FormProblems
        messages={form.otherErrors([
          ...FIELDS,
          'PrimaryButton',
          'PrimaryButton.DisplayName',
          'PrimaryButton.OnClickUrl',
        ])}
      />
      <div className="admin-actions">
        <button type="submit" className="button" disabled={form.saving}>
          {form.saving ? 'Saving...' : banner ? 'Save the banner' : 'Add the banner'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
