/**
 * Sample data for the contract servers, in each API's documented shape, so contract tests,
 * e2e tests and the dev stack look up the same vehicles and addresses. The addresses are
 * made up; the postcodes are real-format so the clients' validation accepts them.
 */
import type { GetAddressRecord, IdealPostcodesAddressRecord } from './addressContractServer';
import type { DvlaVehicleRecord } from './dvlaContractServer';

/** A registration VES knows, with every documented field the client maps and a few it ignores. */
export const SAMPLE_REGISTRATION = 'AB12CDE';

/** Vehicles for `startDvlaContractServer({ vehicles: SAMPLE_VEHICLES })`. */
export const SAMPLE_VEHICLES: Record<string, DvlaVehicleRecord> = {
  [SAMPLE_REGISTRATION]: {
    registrationNumber: SAMPLE_REGISTRATION,
    taxStatus: 'Taxed',
    taxDueDate: '2026-12-01',
    motStatus: 'Valid',
    motExpiryDate: '2026-11-15',
    make: 'FORD',
    colour: 'BLUE',
    fuelType: 'PETROL',
    yearOfManufacture: 2012,
    monthOfFirstRegistration: '2012-09',
    engineCapacity: 1596,
    co2Emissions: 139,
    markedForExport: false,
    typeApproval: 'M1',
    wheelplan: '2 AXLE RIGID BODY',
    revenueWeight: 1785,
    dateOfLastV5CIssued: '2021-05-04',
    euroStatus: 'EURO 5',
  },
  // A vehicle VES returns with only the required registration, to check "only fields present".
  X1ABC: { registrationNumber: 'X1ABC' },
};

/** A postcode both address providers know. */
export const SAMPLE_POSTCODE = 'SW1A 2AA';

/** Addresses for `startAddressContractServer('ideal-postcodes', ...)`. */
export const SAMPLE_IDEAL_POSTCODES_ADDRESSES: Record<string, IdealPostcodesAddressRecord[]> = {
  [SAMPLE_POSTCODE]: [
    {
      line_1: 'Flat 1',
      line_2: '12 Example Street',
      line_3: '',
      post_town: 'LONDON',
      postcode: SAMPLE_POSTCODE,
      udprn: 90000001,
      uprn: '900000000001',
      sub_building_name: 'Flat 1',
      building_number: '12',
      thoroughfare: 'Example Street',
      county: 'London',
      district: 'Westminster',
      country: 'England',
    },
    {
      line_1: 'Sample Trading Ltd',
      line_2: '14 Example Street',
      line_3: 'Whitehall',
      post_town: 'LONDON',
      postcode: SAMPLE_POSTCODE,
      udprn: 90000002,
      uprn: '',
      organisation_name: 'Sample Trading Ltd',
      building_number: '14',
      thoroughfare: 'Example Street',
      dependant_locality: 'Whitehall',
      country: 'England',
    },
  ],
};

/** The same addresses for `startAddressContractServer('getaddress', ...)`. */
export const SAMPLE_GETADDRESS_ADDRESSES: Record<string, GetAddressRecord[]> = {
  [SAMPLE_POSTCODE]: [
    {
      formatted_address: ['Flat 1', '12 Example Street', '', 'London', 'Greater London'],
      thoroughfare: 'Example Street',
      building_name: '',
      sub_building_name: 'Flat 1',
      sub_building_number: '',
      building_number: '12',
      line_1: 'Flat 1',
      line_2: '12 Example Street',
      line_3: '',
      line_4: '',
      locality: '',
      town_or_city: 'London',
      county: 'Greater London',
      district: 'City of Westminster',
      country: 'England',
      residential: true,
    },
    {
      formatted_address: ['Sample Trading Ltd', '14 Example Street', '', 'Whitehall', 'London'],
      thoroughfare: 'Example Street',
      building_name: '',
      sub_building_name: '',
      sub_building_number: '',
      building_number: '14',
      line_1: 'Sample Trading Ltd',
      line_2: '14 Example Street',
      line_3: '',
      line_4: '',
      locality: 'Whitehall',
      town_or_city: 'London',
      county: 'Greater London',
      district: 'City of Westminster',
      country: 'England',
      residential: false,
    },
  ],
};
