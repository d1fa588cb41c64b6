// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { api } from '@/api/instance';
import { requestStepUp } from '@/api/stepUp';
import { descriptionOf, fieldByLabel, type Mounted, mount, submitWith, typeInto } from '@/components/formTesting';
import StepUpDialog from './StepUpDialog';

vi.mock('@/api/instance', () => ({ api: { call: vi.fn() } }));

let mounted: Mounted | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.mocked(api.call).mockReset();
});

/** The dialog is in a portal: its fields are found from the document's body. */
const passwordField = () => fieldByLabel(document.body, 'パスワード') as HTMLInputElement;

describe('StepUpDialog', () => {
  it('asks once for several refused changes, says a wrong password, and proves the sign-in', async () => {
    mounted = await mount(<StepUpDialog />);
    const first = requestStepUp();
    const second = requestStepUp();
    await vi.waitFor(() => expect(document.body.textContent).toContain('パスワードで本人確認'));

    vi.mocked(api.call).mockRejectedValueOnce(
      new ApiError(400, { type: 'invalid_request', message: 'wrong', field: 'password' }),
    );
    await typeInto(passwordField(), 'not-it');
    await submitWith(document.body, '確認して続ける');
    await vi.waitFor(() => expect(descriptionOf(passwordField())).toContain('現在のパスワードが正しくありません'));

    vi.mocked(api.call).mockResolvedValueOnce({ stepped_up_until: '2026-11-26T12:05:00Z' });
    await typeInto(passwordField(), 'demo-password');
    await submitWith(document.body, '確認して続ける');
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(api.call).toHaveBeenLastCalledWith('stepUpSession', { body: { password: 'demo-password' } });
  });

  it('passes the refusal on when cancelled, without calling the server', async () => {
    mounted = await mount(<StepUpDialog />);
    const asked = requestStepUp();
    await vi.waitFor(() => expect(document.body.textContent).toContain('パスワードで本人確認'));
    await submitWith(document.body, 'キャンセル');
    await expect(asked).resolves.toBe(false);
    expect(api.call).not.toHaveBeenCalled();
  });

  it('asks for nothing without a dialog (a signed-out page)', async () => {
    await expect(requestStepUp()).resolves.toBe(false);
  });
});
