import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Intensity } from '../../../../../src/modules/masters/masters.constants.js';

/** The names of the intensities, as the control, the report card and the masters list show them. */
export const INTENSITY_NAMES: Readonly<Record<Intensity, MessageDescriptor>> = {
  low: msg({ message: 'Low', context: 'intensity' }),
  medium: msg({ message: 'Medium', context: 'intensity' }),
  high: msg({ message: 'High', context: 'intensity' }),
};
