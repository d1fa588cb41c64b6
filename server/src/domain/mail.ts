import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tokyoWallClock } from '@coin/contract';
import nodemailer from 'nodemailer';

/** Where the file mailer reports each mail it wrote (the app's logger fits). */
export interface MailLog {
  info(fields: Record<string, unknown>, message: string): void;
  debug(fields: Record<string, unknown>, message: string): void;
}

/** One plain-text mail with the link it carries (logged when the mail is written to a file). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Header carrying the mail's link, so tools reading `.eml` files need not decode the body. */
export const LINK_HEADER = 'X-Coin-Link';

const message = (from: string, mail: Mail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  // Deterministic for readers of the files: the UTF-8 body is base64, lines unwrapped by the decoder.
  textEncoding: 'base64' as const,
  headers: { [LINK_HEADER]: mail.link },
});

/** Delivers over SMTP (nodemailer); `smtpUrl` like smtp://user:pass@host:587. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail(message(from, mail));
    },
    close: () => transport.close(),
  };
}

let sequence = 0;

/**
 * Writes each mail as an `.eml` file under `dir` (nodemailer's stream transport composes it) and logs the
 * link: for development and demos without a mail server. File names sort by time.
 */
export function fileMailer(dir: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(from, mail));
      // Mails carry sign-in links: the directory and its files are the service user's alone.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      sequence = (sequence + 1) % 1_000_000;
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('.', '');
      const name = `${stamp}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}.eml`;
      const file = join(dir, name);
      // Written aside then renamed: a reader never sees half a mail.
      await writeFile(`${file}.partial`, info.message as Buffer, { mode: 0o600 });
      await rename(`${file}.partial`, file);
      log.info({ to: mail.to, subject: mail.subject, file }, 'mail written');
      // The link signs someone in: only at debug level (a developer without SMTP follows it from here).
      log.debug({ to: mail.to, link: mail.link }, 'mail link');
    },
    close: () => transport.close(),
  };
}

export function createMailer(
  config: { smtpUrl: string | null; mailFrom: string; dataDir: string },
  log: MailLog,
): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : fileMailer(join(config.dataDir, 'mail'), config.mailFrom, log);
}

/* ---------- the texts ---------- */

/** 2026年11月25日 09:30 (Asia/Tokyo). */
export function tokyoDateTime(instant: Date): string {
  const clock = tokyoWallClock(instant);
  return `${Number(clock.slice(0, 4))}年${Number(clock.slice(5, 7))}月${Number(clock.slice(8, 10))}日 ${clock.slice(11, 16)}`;
}

const ROLE_LABELS = {
  Owner: 'オーナー',
  Manager: 'マネージャー',
  Manager_NoPayment: 'マネージャー（支払不可）',
  Member: 'メンバー',
} as const;

const FOOTER = '\n\n※このメールは送信専用です。お心当たりのない場合は、このメールを破棄してください。\n';

export function invitationMail(input: {
  to: string;
  name: string;
  merchantName: string;
  role: keyof typeof ROLE_LABELS;
  link: string;
  expiresAt: Date;
  /** The shop requires two-step sign-in of its staff: the invitee is told before they start (issue 45). */
  twoStepRequired?: boolean;
}): Mail {
  const twoStep = input.twoStepRequired
    ? `\n${input.merchantName}では2段階認証が必須です。登録後の最初のログインで、スマートフォンの認証アプリ\n` +
      '（Google Authenticator など）かパスキーの設定をお願いします。設定の手順は画面でご案内します。\n'
    : '';
  return {
    to: input.to,
    link: input.link,
    subject: `【${input.merchantName}】管理画面への招待`,
    text:
      `${input.name} 様\n\n` +
      `「${input.merchantName}」の管理画面に「${ROLE_LABELS[input.role]}」として招待されました。\n` +
      '次のリンクを開いて、登録を完了してください。\n\n' +
      `${input.link}\n\n` +
      `リンクの有効期限: ${tokyoDateTime(input.expiresAt)}\n` +
      '期限が切れた場合は、招待した方に再送を依頼してください。\n' +
      twoStep +
      FOOTER,
  };
}

export function passwordResetMail(input: { to: string; link: string; expiresAt: Date }): Mail {
  return {
    to: input.to,
    link: input.link,
    subject: 'パスワード再設定のご案内',
    text:
      'パスワード再設定のご依頼を受け付けました。\n' +
      '次のリンクを開いて、新しいパスワードを設定してください。\n\n' +
      `${input.link}\n\n` +
      `リンクの有効期限: ${tokyoDateTime(input.expiresAt)}\n` +
      'ご依頼に心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。' +
      FOOTER,
  };
}

export function initialPasswordMail(input: { to: string; link: string; expiresAt: Date }): Mail {
  return {
    to: input.to,
    link: input.link,
    subject: 'パスワード設定のご案内',
    text:
      'このメールアドレスのアカウントには、まだパスワードが設定されていません。\n' +
      '次のリンクを開いて、パスワードを設定してください。\n\n' +
      `${input.link}\n\n` +
      `リンクの有効期限: ${tokyoDateTime(input.expiresAt)}` +
      FOOTER,
  };
}

/** To the owner of an account that wrong passwords have just locked. */
export function accountLockedMail(input: { to: string; until: Date; link: string }): Mail {
  return {
    to: input.to,
    link: input.link,
    subject: 'アカウントを一時的にロックしました',
    text:
      'パスワードの誤りが続いたため、お客様のアカウントへのログインを一時的に停止しました。\n' +
      `${tokyoDateTime(input.until)}以降、正しいパスワードで再びログインできます。\n\n` +
      'ご本人の操作でない場合、第三者がパスワードを試している可能性があります。\n' +
      '次のページからパスワードを再設定してください。\n\n' +
      `${input.link}` +
      FOOTER,
  };
}

/** To the address a sign-in had until now: it was changed (and what to do if that was not the owner). */
export function emailChangedNoticeMail(input: { to: string; newEmail: string; at: Date; link: string }): Mail {
  return {
    to: input.to,
    link: input.link,
    subject: 'メールアドレスが変更されました',
    text:
      `${tokyoDateTime(input.at)}に、ログインに使うメールアドレスが ${input.newEmail} に変更されました。\n` +
      'このアドレスではログインできなくなります。\n\n' +
      'お心当たりがない場合は、第三者に変更された可能性があります。ただちに加盟店のオーナーまたは\n' +
      'サポート窓口にご連絡ください。\n\nログインページ: ' +
      `${input.link}` +
      FOOTER,
  };
}

export function emailChangeMail(input: { to: string; link: string; expiresAt: Date }): Mail {
  return {
    to: input.to,
    link: input.link,
    subject: 'メールアドレス変更の確認',
    text:
      'メールアドレスの変更のご依頼を受け付けました。\n' +
      '次のリンクを開くと、ログインに使うメールアドレスがこのアドレスに変更されます。\n\n' +
      `${input.link}\n\n` +
      `リンクの有効期限: ${tokyoDateTime(input.expiresAt)}\n` +
      'リンクを開くまで、メールアドレスは変更されません。' +
      FOOTER,
  };
}

/**
 * Trust: to every Owner of a merchant whose payout account has just changed: who changed it, when, the
 * old and the new account (masked), how long payouts to it are held, and what to do if it was not them.
 */
/**
 * Every Owner is told of a payout account registered or changed, in words that say which (a first
 * registration, another account, or only the holder's name), and never told to discard it (issue 45).
 */
export function bankAccountChangedMail(input: {
  to: string;
  merchantName: string;
  actorName: string;
  at: Date;
  before: string | null;
  after: string;
  /** What changed: a first registration, another account, or the holder's name of the same account. */
  kind: 'registered' | 'changed' | 'holder_renamed';
  heldUntil: Date | null;
  link: string;
  /** Where the change came from, as every security mail says. */
  clientIp?: string | null;
}): Mail {
  const hold = input.heldUntil
    ? `この口座への出金は ${tokyoDateTime(input.heldUntil)} まで保留し、その後の最初の出金でまとめて振り込みます。\n`
    : '';
  const what = { registered: '登録', changed: '変更', holder_renamed: '口座名義を変更' }[input.kind];
  const subject = input.kind === 'registered' ? '振込先口座が登録されました' : '振込先口座が変更されました';
  const lines =
    input.kind === 'registered'
      ? `登録した口座: ${input.after}\n\n`
      : `変更前: ${input.before ?? '（未登録）'}\n変更後: ${input.after}\n\n`;
  return {
    to: input.to,
    link: input.link,
    subject: `【${input.merchantName}】${subject}`,
    text:
      `${tokyoDateTime(input.at)}に、${input.actorName}さんが ${input.merchantName} の振込先口座を${what}しました。\n` +
      `操作元のIPアドレス: ${input.clientIp ?? '不明'}\n\n` +
      lines +
      hold +
      `お心当たりがない場合は、第三者による${what}の可能性があります。ただちに管理画面で振込先口座を確認し、\n` +
      'パスワードを変更したうえで、サポート窓口にご連絡ください。\n\n振込先口座: ' +
      `${input.link}` +
      '\n\n※このメールは送信専用です。\n',
  };
}
