import { ErrorBody } from '@celebstyle/contracts';

/** The error answers every admin post route may give. */
export const adminErrors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  503: ErrorBody,
};
