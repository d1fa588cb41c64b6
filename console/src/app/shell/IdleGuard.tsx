import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import { Alert, Button, Group, getDefaultZIndex, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessageKey } from '@/api/errors';
import { touchSession } from '@/api/idleTimeout';
import { useDialogFrame } from '@/components/ConfirmDialog';
import { useTranslation } from '@/i18n';
import { resumeFormDraft, session, signOutForInactivity } from '@/session';
import { announceNow, type IdleClock, lookAgainIn, phaseAt, secondsLeft, touched, touchOnInput } from './idleTimer';

/** The user's input that counts as activity (listened to passively: it never delays scrolling). */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** While the warning shows, the countdown moves on each second. */
const COUNTDOWN_STEP_MS = 1000;

/**
 * Inactivity in the signed-in shell (issue 48). It learns the shop's minutes from a touch when the shell
 * mounts; the user's input touches the sign-in at most once a minute, so a long form typed without
 * sending anything keeps it; a minute before the deadline a dialog counts down, and at the deadline the
 * session ends here and Login says why, what was typed kept for the same user's next sign-in. The server
 * ends the sign-in on its own as well: this tab's guard only warns first and keeps the draft. Back on a
 * draft's page after signing in again, it puts the values back.
 */
export default function IdleGuard() {
  const { t } = useTranslation();
  const frame = useDialogFrame();
  const [clock, setClock] = useState<IdleClock | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [staying, setStaying] = useState(false);
  const [stayError, setStayError] = useState<string | null>(null);
  const [announced, setAnnounced] = useState<number | null>(null);
  // The latest clock and touch, read by listeners set up once.
  const clockRef = useRef<IdleClock | null>(null);
  const lastSentAt = useRef<number | null>(null);
  const ended = useRef(false);

  const touch = useRef(async () => {
    const sentAt = Date.now();
    lastSentAt.current = sentAt;
    const answer = await touchSession();
    const next = touched(clockRef.current, sentAt, answer.idle_timeout_minutes);
    clockRef.current = next;
    setClock(next);
    setNow(Date.now());
  }).current;

  // The shop's minutes, and the sign-in counted as used as the shell opens; a refusal (the sign-in has
  // already ended) is the API client's to act on.
  useEffect(() => {
    touch().catch(() => {});
  }, [touch]);

  useEffect(() => resumeFormDraft(), []);

  useEffect(() => {
    const onInput = () => {
      if (touchOnInput(clockRef.current, lastSentAt.current, Date.now())) touch().catch(() => {});
    };
    // Coming back to the tab or waking the laptop: look at the clock at once.
    const look = () => setNow(Date.now());
    const options = { capture: true, passive: true } as const;
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, options);
    document.addEventListener('visibilitychange', look);
    window.addEventListener('focus', look);
    return () => {
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput, options);
      document.removeEventListener('visibilitychange', look);
      window.removeEventListener('focus', look);
    };
  }, [touch]);

  const phase = clock ? phaseAt(clock, now) : 'active';
  const seconds = clock ? secondsLeft(clock, now) : 0;

  useEffect(() => {
    if (!clock) return;
    if (phaseAt(clock, now) === 'expired') {
      if (!ended.current) {
        ended.current = true;
        signOutForInactivity();
      }
      return;
    }
    const wait = lookAgainIn(clock, now);
    const timer = setTimeout(() => setNow(Date.now()), phase === 'warning' ? Math.min(wait, COUNTDOWN_STEP_MS) : wait);
    return () => clearTimeout(timer);
  }, [clock, now, phase]);

  // What the polite region says changes at a few moments only (idleTimer.announceNow).
  if (phase === 'warning' && announceNow(announced, seconds)) setAnnounced(seconds);
  if (phase !== 'warning' && announced !== null) setAnnounced(null);

  async function stay() {
    if (staying) return;
    setStaying(true);
    setStayError(null);
    try {
      await touch();
    } catch (error) {
      setStayError(t(errorMessageKey(error)));
    } finally {
      setStaying(false);
    }
  }

  return (
    <Modal
      {...frame}
      opened={phase === 'warning'}
      onClose={() => void stay()}
      title={t('idle.warning.title')}
      withCloseButton={false}
      closeOnClickOutside={false}
      // Above any other dialog, the step-up's included: the sign-out would end what that dialog is for.
      zIndex={getDefaultZIndex('modal') + 20}
    >
      <Stack gap="md">
        <Text size="sm">{t('idle.warning.countdown', { seconds })}</Text>
        <Text size="sm" c="dimmed">
          {t('idle.warning.draftKept')}
        </Text>
        <VisuallyHidden role="status" aria-live="polite">
          {announced === null ? '' : t('idle.warning.announce', { seconds: announced })}
        </VisuallyHidden>
        {stayError && (
          <Alert color="red" variant="light" role="alert" title={t('idle.warning.stayFailed')}>
            {stayError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => session.logout()}>
            {t('idle.warning.logout')}
          </Button>
          <Button onClick={() => void stay()} loading={staying} data-autofocus>
            {t('idle.warning.stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
