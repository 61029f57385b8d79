import { httpHandler } from '../../../lib/http';
import { applyAction } from '../../own/transitions';

/** POST /api/own-listings/{id}/close — published → closed (§7 close); it leaves search. */
export const handler = httpHandler((event) => applyAction(event, 'close'));
