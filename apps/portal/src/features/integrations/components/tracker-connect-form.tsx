import { SegmentedControl, Stack } from '@mantine/core';
import { TRACKER_VENDOR_NAMES, TRACKER_VENDORS, type TTrackerVendor } from '@waymark/core';
import { useState } from 'react';
import { GitHubConnectForm, type VendorConnectFormProps } from './github-connect-form';
import { LinearConnectForm } from './linear-connect-form';

/** Props of {@link TrackerConnectForm}. */
export type TrackerConnectFormProps = VendorConnectFormProps;

const FORMS: Record<TTrackerVendor, (props: VendorConnectFormProps) => React.JSX.Element> = {
  github: GitHubConnectForm,
  linear: LinearConnectForm,
};

/** Connects an issue tracker: the vendor chosen first, then that vendor's form. */
export function TrackerConnectForm(props: TrackerConnectFormProps) {
  const [vendor, setVendor] = useState<TTrackerVendor>('github');
  const Form = FORMS[vendor];
  return (
    <Stack>
      <SegmentedControl
        aria-label="Issue tracker"
        value={vendor}
        onChange={(value) => setVendor(value)}
        data={TRACKER_VENDORS.map((value) => ({ value, label: TRACKER_VENDOR_NAMES[value] }))}
      />
      <Form {...props} />
    </Stack>
  );
}
