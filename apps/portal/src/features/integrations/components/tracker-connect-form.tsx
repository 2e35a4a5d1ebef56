import { SegmentedControl, Stack } from '@mantine/core';
import { TRACKER_VENDOR_NAMES, TRACKER_VENDORS, type TTrackerVendor } from '@waymark/core';
import { useState } from 'react';
import { VendorConnectForm, type VendorConnectFormProps } from './vendor-connect-form';
import { VENDOR_FORM_SPECS } from './vendor-form-specs';

/** Props of {@link TrackerConnectForm}. */
export type TrackerConnectFormProps = VendorConnectFormProps;

/** Connects an issue tracker: the vendor chosen first, then that vendor's form. */
export function TrackerConnectForm(props: TrackerConnectFormProps) {
  const [vendor, setVendor] = useState<TTrackerVendor>('github');
  return (
    <Stack>
      <SegmentedControl
        aria-label="Issue tracker"
        value={vendor}
        onChange={(value) => setVendor(value)}
        data={TRACKER_VENDORS.map((value) => ({ value, label: TRACKER_VENDOR_NAMES[value] }))}
      />
      {/* Keyed: another vendor's form starts empty. */}
      <VendorConnectForm key={vendor} spec={VENDOR_FORM_SPECS[vendor]} {...props} />
    </Stack>
  );
}
