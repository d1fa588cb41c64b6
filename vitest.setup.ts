/*
 * Every test worker runs on the test clock when TEST_CLOCK is set (contract/src/testClock.ts): the
 * config below anchored it in the main process, so all workers show the same instant.
 */
import { installTestClock } from '@coin/contract/testClock';

installTestClock();
