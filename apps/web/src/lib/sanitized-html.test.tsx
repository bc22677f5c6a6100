// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateInTurns } from './hydrate-later';
import { useSanitizedHtml } from './sanitized-html';

afterEach(cleanup);

function Rich({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: what is under test
  return <div data-testid="rich" dangerouslySetInnerHTML={useSanitizedHtml(html)} />;
}

describe('useSanitizedHtml', () => {
  it('keeps the markup the server drew for the text a hydrated component starts from (empty: hydration leaves it)', async () => {
    let seen: { __html: string } | null = null;
    function Probe() {
      seen = useSanitizedHtml('<p>From the server</p>');
      return null;
    }
    // Mounted inside the hydration pass: nothing to sanitise, DOMPurify is not needed.
    await hydrateInTurns(() => {
      render(<Probe />);
    });
    expect(seen).toEqual({ __html: '' });
  });

  it('sanitises what the browser draws once DOMPurify has loaded', async () => {
    const { getByTestId } = render(
      <Rich html={'<p onclick="alert(1)">Hi <strong>there</strong></p><script>window.pwned = true</script>'} />,
    );
    const rich = getByTestId('rich');
    await waitFor(() => expect(rich.querySelector('strong')?.textContent).toBe('there'));
    expect(rich.querySelector('script')).toBeNull();
    expect(rich.innerHTML).not.toMatch(/onclick/);
  });
});
