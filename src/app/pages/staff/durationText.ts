import { unitFormat, unitListFormat } from '../../locale/localeFormats';

const SECONDS = unitFormat('second');
const MINUTES = unitFormat('minute');
const HOURS = unitFormat('hour');
const DAYS = unitFormat('day');
const TOGETHER = unitListFormat();

/**
 * Seconds as a person says them, in the page's language: "45 secs", "2 mins 5 secs",
 * "1 hr 10 mins", "3 days" in en-GB (Intl's units, so no word of it is written here).
 */
export function durationText(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return SECONDS.format(whole);
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) {
    return whole % 60
      ? TOGETHER.format([MINUTES.format(minutes), SECONDS.format(whole % 60)])
      : MINUTES.format(minutes);
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    return minutes % 60
      ? TOGETHER.format([HOURS.format(hours), MINUTES.format(minutes % 60)])
      : HOURS.format(hours);
  }
  return DAYS.format(Math.round(hours / 24));
}
