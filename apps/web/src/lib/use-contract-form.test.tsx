// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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
