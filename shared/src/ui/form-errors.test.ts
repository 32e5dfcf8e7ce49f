import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../client/api-client';
import { applyServerFieldErrors } from './form-errors';

/** The part of a Mantine form the helper uses, with the values it was built with. */
function formWith(values: Record<string, unknown>) {
  return { getValues: () => values, setErrors: vi.fn<(errors: Record<string, string>) => void>() };
}

const validation = (fields?: Record<string, string>) =>
  new ApiError('Failed to send a magic link. Please try again later.', 400, 'VALIDATION', 'Bad', fields);

describe('putting the server field errors on a form', () => {
  it('sets the messages of the fields the form has and answers true, so no toast repeats them', () => {
    const form = formWith({ email: '' });
    expect(applyServerFieldErrors(form, validation({ email: 'Enter a valid email address' }))).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ email: 'Enter a valid email address' });
  });

  it('answers false and sets nothing when none of the fields is on the form, so the caller shows the error', () => {
    const form = formWith({ email: '' });
    const tooBig = validation({ redirect: 'Too big: expected string to have <=2048 characters' });
    expect(applyServerFieldErrors(form, tooBig)).toBe(false);
    expect(form.setErrors).not.toHaveBeenCalled();
  });

  it('sets only the fields the form has when the error also names others', () => {
    const form = formWith({ email: '' });
    const both = validation({ email: 'Enter a valid email address', redirect: 'Too big' });
    expect(applyServerFieldErrors(form, both)).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ email: 'Enter a valid email address' });
  });

  it('follows dotted paths into nested values and lists, as the form names its inputs', () => {
    const form = formWith({ address: { line1: '' }, owners: [{ name: '' }] });
    const nested = validation({
      'address.line1': 'Required',
      'owners.0.name': 'Required',
      'owners.1.name': 'Required',
      'address.line1.x': 'Required',
    });
    expect(applyServerFieldErrors(form, nested)).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ 'address.line1': 'Required', 'owners.0.name': 'Required' });
  });

  it('counts a field whose value is empty, null or undefined as the form’s own', () => {
    const form = formWith({ threshold: null, note: undefined });
    expect(applyServerFieldErrors(form, validation({ threshold: 'Required', note: 'Required' }))).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ threshold: 'Required', note: 'Required' });
  });

  it('does not take inherited names for fields', () => {
    const form = formWith({ email: '' });
    expect(applyServerFieldErrors(form, validation({ toString: 'x', constructor: 'y' }))).toBe(false);
  });

  it('answers false for an error without fields, and for what is not an API error', () => {
    const form = formWith({ email: '' });
    expect(applyServerFieldErrors(form, validation())).toBe(false);
    expect(applyServerFieldErrors(form, validation({}))).toBe(false);
    expect(applyServerFieldErrors(form, new Error('boom'))).toBe(false);
    expect(form.setErrors).not.toHaveBeenCalled();
  });

  it('sets every field on a form that cannot tell its fields', () => {
    const form = { setErrors: vi.fn<(errors: Record<string, string>) => void>() };
    expect(applyServerFieldErrors(form, validation({ anything: 'Required' }))).toBe(true);
    expect(form.setErrors).toHaveBeenCalledWith({ anything: 'Required' });
  });
});
