import { parseDayText } from '../typedDay';
import type { Period } from './presets';

/** Which end of the period a day was typed into. */
export type PeriodEdge = 'from' | 'to';

/** Why a typed day is refused: nothing typed, not a day, or a day after today. */
export type TypedDayError = 'required' | 'format' | 'future';

export type TypedPeriod = { period: Period } | { error: TypedDayError };

/**
 * A day typed into one end of the period (2025/5/1, ２０２５年５月１日, 20250501…): the period it
 * gives, or why not. A day after today is refused (the calendar does not offer it either). A start
 * typed after the end takes the end along to the same day, and an end typed before the start the
 * start, so typing a new start and then a new end never stops on an error.
 */
export function typedPeriod(period: Period, edge: PeriodEdge, text: string, today: string): TypedPeriod {
  if (text.trim() === '') return { error: 'required' };
  const day = parseDayText(text);
  if (!day) return { error: 'format' };
  if (day > today) return { error: 'future' };
  // ISO days compare as strings; a passed end collapses the period onto the typed day.
  if (edge === 'from') return { period: day > period.to ? { from: day, to: day } : { from: day, to: period.to } };
  return { period: day < period.from ? { from: day, to: day } : { from: period.from, to: day } };
}
