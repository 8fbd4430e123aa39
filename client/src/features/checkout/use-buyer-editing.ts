import { useState } from 'react';
import type { TAddress } from '../../../../src/modules/addresses/addresses.schemas.js';

/**
 * The buyer's name and invoice address on a checkout's first step (NameSection,
 * InvoiceAddressSection): the name editor is open while a name is missing, the address editor while
 * there is no address or until a save refreshes the list. `complete`: both are there and closed.
 */
export function useBuyerEditing(user: { firstName: string; lastName: string }, address: TAddress | undefined, addressesUpdatedAt: number) {
  const hasName = user.firstName.trim() !== '' && user.lastName.trim() !== '';
  const [editingName, setEditingName] = useState(!hasName);
  const [addressEditStartedAt, setAddressEditStartedAt] = useState<number | null>(null);
  const editingAddress = !address || addressEditStartedAt === addressesUpdatedAt;
  return {
    name: { editing: editingName, onEditingChange: setEditingName },
    address: { editing: editingAddress, onEdit: () => setAddressEditStartedAt(addressesUpdatedAt), onCancel: () => setAddressEditStartedAt(null) },
    complete: hasName && !editingName && !editingAddress && address !== undefined,
  };
}
