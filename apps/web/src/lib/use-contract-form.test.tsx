// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { formSender } from './form-sender';
import { useContractForm, validateFields } from './use-contract-form';

const Schema = z.object({
  name: z.string().trim().min(1, 'This field is required'),
  code: z
    .string()
    .min(3, 'Too short')
    .regex(/^[0-9]*$/, 'Digits only'),
});
const FIELDS = ['name', 'code'] as const;
const fieldOf = (path: PropertyKey | undefined) => (path === 'name' || path === 'code' ? path : null);

describe('validateFields', () => {
  it("joins a field's messages with '. ' and names nothing that is fine", () => {
    expect(validateFields(Schema, { name: 'Sam', code: 'ab' }, FIELDS, fieldOf)).toEqual({
      code: 'Too short. Digits only',
    });
    expect(validateFields(Schema, { name: 'Sam', code: '123' }, FIELDS, fieldOf)).toEqual({});
  });
});

describe('useContractForm', () => {
  const initial = { name: '', code: '' };

  it('checks a field as it is typed in, and on blur', () => {
    const { result } = renderHook(() => useContractForm({ schema: Schema, fields: FIELDS, initial }));
    act(() => result.current.setValue('code', 'a'));
    expect(result.current.errors.code).toBe('Too short. Digits only');
    expect(result.current.errors.name).toBeUndefined();
    act(() => result.current.blur('name'));
    expect(result.current.errors.name).toBe('This field is required');
    expect(result.current.field('name')['aria-invalid']).toBe(true);
  });

  it("in 'touched' mode waits for a blur or a submit before speaking", () => {
    const { result } = renderHook(() =>
      useContractForm({ schema: Schema, fields: FIELDS, initial, validateOnInput: 'touched' }),
    );
    act(() => result.current.setValue('code', 'a'));
    expect(result.current.errors.code).toBeUndefined();
    act(() => result.current.blur('code'));
    expect(result.current.errors.code).toBe('Too short. Digits only');
    act(() => result.current.setValue('code', '1234'));
    expect(result.current.errors.code).toBeUndefined();
  });

  it('checks everything on submit and says which field to focus', () => {
    const { result } = renderHook(() => useContractForm({ schema: Schema, fields: FIELDS, initial }));
    let outcome: ReturnType<typeof result.current.validateAll> | undefined;
    act(() => {
      outcome = result.current.validateAll();
    });
    expect(outcome?.firstInvalid).toBe('name');
    expect(result.current.errors).toEqual({ name: 'This field is required', code: 'Too short' });
    act(() => result.current.reset());
    expect(result.current.errors).toEqual({});
    expect(result.current.values).toEqual(initial);
  });

  it('maps issues to fields through fieldOf and toInput (a captcha answer sent as a token)', () => {
    const Token = z.object({ token: z.string().regex(/:.{5}$/, 'Type the five characters') });
    const { result } = renderHook(() =>
      useContractForm({
        schema: Token,
        fields: ['captcha'] as const,
        initial: { captcha: '' },
        toInput: (values) => ({ token: `abc:${values.captcha}` }),
        fieldOf: (path) => (path === 'token' ? 'captcha' : null),
      }),
    );
    act(() => result.current.setValue('captcha', 'AB'));
    expect(result.current.errors.captcha).toBe('Type the five characters');
    act(() => result.current.setValue('captcha', 'ABCDE'));
    expect(result.current.errors.captcha).toBeUndefined();
  });
});

describe("useContractForm for a form it sends ('submit' mode, formSender)", () => {
  const Body = z.object({
    Slug: z.string().min(1, 'This field is required'),
    Postcode: z.string().regex(/^\d{4}$/, 'must be 4 digits'),
  });
  const fields = ['Slug', 'Postcode'] as const;
  const formEvent = () => ({ preventDefault: () => undefined, currentTarget: document.createElement('form') });

  function sending(save: (body: Record<string, string>) => Promise<string>) {
    const saved: string[] = [];
    const hook = renderHook(() =>
      useContractForm({
        schema: Body,
        fields,
        initial: { Slug: '', Postcode: '' },
        validateOnInput: 'submit',
        send: formSender({
          toBody: (values: Record<'Slug' | 'Postcode', string>) => values,
          save,
          onSaved: (value: string) => saved.push(value),
        }),
      }),
    );
    return { ...hook, saved };
  }

  it('says nothing until a submit, which checks the body by path and sends nothing; typing clears a message', async () => {
    const save = vi.fn(async () => 'saved');
    const { result } = sending(save);
    act(() => result.current.setValue('Postcode', '12'));
    act(() => result.current.blur('Postcode'));
    expect(result.current.errorAt('Postcode')).toBeUndefined();
    await act(() => result.current.submit(formEvent()));
    expect(result.current.errorAt('Slug')).toBe('This field is required');
    expect(result.current.errorAt('Postcode')).toBe('must be 4 digits');
    expect(result.current.otherErrors(fields)).toEqual(['Please correct the fields marked.']);
    expect(save).not.toHaveBeenCalled();
    act(() => result.current.setValue('Postcode', '1234'));
    expect(result.current.errorAt('Postcode')).toBeUndefined();
    expect(result.current.errorAt('Slug')).toBe('This field is required');
  });

  it("puts the server's field errors beside their fields, nested paths whole, and a failure naming none above", async () => {
    let reply: () => Promise<string> = async () => {
      throw new ApiError(
        'Invalid input. Slug: is already used by another store. PrimaryButton.OnClickUrl: must be a path on this site',
        400,
        [
          { Field: 'Slug', Message: 'is already used by another store' },
          { Field: 'PrimaryButton.OnClickUrl', Message: 'must be a path on this site' },
        ],
      );
    };
    const { result, saved } = sending(() => reply());
    act(() => result.current.setValue('Slug', 'orange'));
    act(() => result.current.setValue('Postcode', '2000'));
    await act(() => result.current.submit(formEvent()));
    expect(result.current.errorAt('Slug')).toBe('is already used by another store');
    expect(result.current.otherErrors(fields)).toEqual(['PrimaryButton.OnClickUrl: must be a path on this site']);
    reply = async () => {
      throw new ApiError('Something went wrong', 500);
    };
    await act(() => result.current.submit(formEvent()));
    expect(result.current.errorAt('Slug')).toBeUndefined();
    expect(result.current.otherErrors(fields)).toEqual(['Something went wrong']);
    reply = async () => 'saved';
    await act(() => result.current.submit(formEvent()));
    expect(saved).toEqual(['saved']);
    expect(result.current.otherErrors(fields)).toEqual([]);
  });
});

describe('useContractForm for a form whose values are a body (the store settings)', () => {
  const Hours = z.object({
    Phone: z.string().min(1, 'This field is required'),
    OpeningHours: z.array(z.object({ Day: z.string(), Hours: z.string().min(1, "Enter the day's hours, or Closed") })),
  });
  type Body = z.infer<typeof Hours>;
  const initial: Body = {
    Phone: '03 5331 2000',
    OpeningHours: [
      { Day: 'Monday', Hours: '9:00am - 5:30pm' },
      { Day: 'Tuesday', Hours: '9:00am - 5:30pm' },
    ],
  };
  const formEvent = () => ({ preventDefault: () => undefined, currentTarget: document.createElement('form') });

  function sending(
    save: (body: Body) => Promise<Body>,
    extra: { localErrors?: (values: Body) => Record<string, string> } = {},
  ) {
    const hook = renderHook(() => {
      const form = useContractForm({
        schema: Hours,
        initial,
        send: formSender({
          toBody: (values: Body) => values,
          save,
          onSaved: (saved) => form.reset(saved),
          correctMessage: 'Please correct the marked fields.',
          correctAfterRefusal: true,
          failedMessage: 'Sorry, the settings could not be saved. Please try again.',
          ...extra,
        }),
      });
      return form;
    });
    return hook;
  }

  it("puts the schema's nested issue at its whole path, with the form's own sentence; nothing is sent", async () => {
    const save = vi.fn(async (body: Body) => body);
    const { result } = sending(save);
    act(() =>
      result.current.update({
        OpeningHours: result.current.values.OpeningHours.map((row, i) => (i === 1 ? { ...row, Hours: '' } : row)),
      }),
    );
    await act(() => result.current.submit(formEvent()));
    expect(result.current.errorAt('OpeningHours.1.Hours')).toBe("Enter the day's hours, or Closed");
    expect(result.current.errorAt('OpeningHours.0.Hours')).toBeUndefined();
    expect(result.current.errorAt('')).toBe('Please correct the marked fields.');
    expect(save).not.toHaveBeenCalled();
  });

  it("merges the form's own errors over the schema's, and sends nothing while there are any", async () => {
    const save = vi.fn(async (body: Body) => body);
    const { result } = sending(save, {
      localErrors: () => ({ 'OpeningHours.0.Hours': 'Enter an amount, such as 12.50' }),
    });
    await act(() => result.current.submit(formEvent()));
    expect(result.current.errorAt('OpeningHours.0.Hours')).toBe('Enter an amount, such as 12.50');
    expect(result.current.errorAt('')).toBe('Please correct the marked fields.');
    expect(save).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of a nested path beside it, says the sentence too, and a bare failure the fallback", async () => {
    let reply: () => Promise<Body> = async () => {
      throw new ApiError('Invalid input. OpeningHours.1.Hours: Too long. OpeningHours.1.Hours: Use plain words', 400, [
        { Field: 'OpeningHours.1.Hours', Message: 'Too long' },
        { Field: 'OpeningHours.1.Hours', Message: 'Use plain words' },
      ]);
    };
    const { result } = sending(() => reply());
    await act(() => result.current.submit(formEvent()));
    expect(result.current.errorAt('OpeningHours.1.Hours')).toBe('Too long. Use plain words');
    expect(result.current.errorAt('')).toBe('Please correct the marked fields.');
    reply = async () => {
      throw new Error('');
    };
    await act(() => result.current.submit(formEvent()));
    expect(result.current.errorAt('OpeningHours.1.Hours')).toBeUndefined();
    expect(result.current.errorAt('')).toBe('Sorry, the settings could not be saved. Please try again.');
  });

  it('says it was saved, takes the reply as its values, and forgets the note at the next edit', async () => {
    const { result } = sending(async (body) => ({ ...body, Phone: '(03) 5331 2000' }));
    expect(result.current.saved).toBe(false);
    await act(() => result.current.submit(formEvent()));
    expect(result.current.saved).toBe(true);
    expect(result.current.values.Phone).toBe('(03) 5331 2000');
    expect(result.current.errorAt('')).toBeUndefined();
    act(() => result.current.update({ Phone: '03 5331 9999' }));
    expect(result.current.saved).toBe(false);
    expect(result.current.values.OpeningHours).toEqual(initial.OpeningHours);
  });
});
