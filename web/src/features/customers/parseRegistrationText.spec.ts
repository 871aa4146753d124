import { describe, expect, it } from '@jest/globals';
import { normalisePhone, parseRegistrationText } from './parseRegistrationText';

describe('parseRegistrationText', () => {
  it('reads an English registration mail with "Label: value" lines', () => {
    const text = [
      'Hello,',
      '',
      'A new dealership has registered on the website:',
      '',
      'Company name: Fjord Cars Ltd',
      'Contact person: Mette Jensen',
      'E-mail: Mette@FjordCars.example',
      'Phone: +45 12 34 56 78',
      'Address: Havnegade 1',
      'Postal code: 9000',
      'City: Aalborg',
      'Country: Denmark',
      'VAT number: DK12345678',
      '',
      'Best regards,',
      'The website',
    ].join('\n');
    expect(parseRegistrationText(text)).toEqual({
      displayName: 'Fjord Cars Ltd',
      contactName: 'Mette Jensen',
      email: 'mette@fjordcars.example',
      phone: '+45 12 34 56 78',
      address: 'Havnegade 1',
      postalCode: '9000',
      city: 'Aalborg',
      country: 'Denmark',
      companyId: 'DK12345678',
    });
  });

  it('reads a Danish mail with each label on its own line and the value below it', () => {
    const text = [
      'Ny tilmelding fra hjemmesiden',
      '',
      'Virksomhed',
      'Nordisk Auto ApS',
      '',
      'CVR-nr.',
      '12345678',
      '',
      'Navn',
      'Søren Østergaard',
      '',
      'E-mail',
      'soren@nordiskauto.dk',
      '',
      'Telefon',
      '0045 20 30 40 50',
      '',
      'Adresse',
      'Søndergade 12, 1. th.',
      '',
      'Postnummer',
      '8000',
      '',
      'By',
      'Aarhus C',
    ].join('\r\n');
    expect(parseRegistrationText(text)).toEqual({
      displayName: 'Nordisk Auto ApS',
      companyId: '12345678',
      contactName: 'Søren Østergaard',
      email: 'soren@nordiskauto.dk',
      phone: '+45 20 30 40 50',
      address: 'Søndergade 12, 1. th.',
      postalCode: '8000',
      city: 'Aarhus C',
      // no country line: the +45 of the phone names Denmark
      country: 'Denmark',
    });
  });

  it('reads a German mail with Firma, Straße, PLZ/Ort, USt-IdNr. and a 0049 number', () => {
    const text = [
      'Neue Registrierung',
      '',
      'Firma: Autohaus Müller GmbH',
      'Ansprechpartner: Jürgen Müller',
      'E-Mail-Adresse: j.mueller@autohaus-mueller.de',
      'Telefon: 0049 (0)30 1234567',
      'Straße: Hauptstraße 5',
      'PLZ/Ort: D-10115 Berlin',
      'Land: Deutschland',
      'USt-IdNr.: DE123456789',
    ].join('\n');
    expect(parseRegistrationText(text)).toEqual({
      displayName: 'Autohaus Müller GmbH',
      contactName: 'Jürgen Müller',
      email: 'j.mueller@autohaus-mueller.de',
      phone: '+49 30 1234567',
      address: 'Hauptstraße 5',
      postalCode: '10115',
      city: 'Berlin',
      country: 'Germany',
      companyId: 'DE123456789',
    });
  });

  it('takes tab-separated form tables and a Danish "Postnr. og by" line', () => {
    const text = 'Firma\tBilhuset Vest A/S\nKontaktperson\tAnne Holm\nTlf.\t+45 70 70 70 70\nPostnr. og by\t6700 Esbjerg\nCVR-nr.\t87654321';
    expect(parseRegistrationText(text)).toEqual({
      displayName: 'Bilhuset Vest A/S',
      contactName: 'Anne Holm',
      phone: '+45 70 70 70 70',
      postalCode: '6700',
      city: 'Esbjerg',
      country: 'Denmark',
      companyId: '87654321',
    });
  });

  it('joins a first and a last name when there is no full name', () => {
    expect(parseRegistrationText('Firma: Alpha GmbH\nVorname: Anna\nNachname: Schmidt')).toEqual({
      displayName: 'Alpha GmbH',
      contactName: 'Anna Schmidt',
    });
  });

  it('does not read "Company name" as a contact name, nor a value that starts like a label', () => {
    const result = parseRegistrationText('Company name:\nLandmark Motors\nName:\nBy Hansen');
    expect(result).toEqual({ displayName: 'Landmark Motors', contactName: 'By Hansen' });
  });

  it('refuses text that is not a registration', () => {
    expect(parseRegistrationText('')).toBeNull();
    expect(parseRegistrationText('Hi, can you call me back tomorrow? Thanks')).toBeNull();
    // an e-mail address alone is not enough
    expect(parseRegistrationText('Write to someone@example.com about it')).toBeNull();
    expect(parseRegistrationText('City: Aarhus')).toBeNull();
  });

  it('normalises phone numbers to a leading +', () => {
    expect(normalisePhone('0045 12345678')).toBe('+45 12345678');
    expect(normalisePhone('(+49) 30/123.456')).toBe('+49 30 123 456');
    expect(normalisePhone('12 34 56 78')).toBe('12 34 56 78');
  });
});
