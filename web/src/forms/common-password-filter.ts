import { base64ToBytes } from '../../../shared/validation/bloom-filter';
import { commonPasswordCheck, commonPasswordValidator } from '../../../shared/validation/common-passwords';
import { commonPasswordsFilter } from '../../../shared/validation/common-passwords-filter';

/**
 * The browser's common-password rule, a lazy chunk of its own (common-password-check.ts imports it
 * dynamically): the generated filter (~17 kB of JavaScript, 14 kB gzipped) with the shared rule.
 */
export const commonPasswordRule = commonPasswordValidator(
  commonPasswordCheck(base64ToBytes(commonPasswordsFilter.base64), commonPasswordsFilter),
);
