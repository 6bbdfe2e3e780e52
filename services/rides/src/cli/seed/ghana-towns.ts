/**
 * Towns along Ghana's main intercity roads, with where people board in the larger ones, for the
 * ride seeder (benchmarks and demos). Coordinates from the places gazetteer: © OpenStreetMap
 * contributors (ODbL); contains data from GeoNames (www.geonames.org), CC BY 4.0.
 */
export type SeedTown = {
  name: string;
  region: string;
  latitude: number;
  longitude: number;
  /** Boarding spots: [locality area, place name, latitude, longitude]. The town itself when absent. */
  spots?: readonly (readonly [string, string, number, number])[];
};

const town = (name: string, region: string, latitude: number, longitude: number, spots?: SeedTown['spots']): SeedTown => ({
  name,
  region,
  latitude,
  longitude,
  ...(spots ? { spots } : {}),
});

export const seedTowns = {
  accra: town('Accra', 'Greater Accra', 5.560014, -0.205744, [
    ['Circle', 'Circle VIP Bus Station', 5.57031, -0.21513],
    ['Kaneshie', 'Kaneshie Market', 5.569655, -0.242219],
    ['Madina', 'Madina Zongo Junction', 5.686496, -0.167705],
    ['East Legon', 'A&C Mall, East Legon', 5.639285, -0.162459],
    ['Achimota', 'Achimota Bus Terminal', 5.624202, -0.227681],
    ['Lapaz', 'Lapaz Station', 5.607365, -0.24869],
  ]),
  tema: town('Tema', 'Greater Accra', 5.659644, -0.009659, [['Community 1', 'Tema Station', 5.660378, -0.005197]]),
  ashaiman: town('Ashaiman', 'Greater Accra', 5.694385, -0.029529),
  kasoa: town('Kasoa', 'Central', 5.532573, -0.437491, [['Kasoa', 'Kasoa Bus Terminal', 5.534107, -0.424086]]),
  winneba: town('Winneba', 'Central', 5.35006, -0.62134),
  mankessim: town('Mankessim', 'Central', 5.267169, -1.018031),
  capeCoast: town('Cape Coast', 'Central', 5.107467, -1.243079, [['Pedu', 'Pedu Car Station', 5.12292, -1.271527]]),
  elmina: town('Elmina', 'Central', 5.085879, -1.350578),
  takoradi: town('Takoradi', 'Western', 4.887401, -1.751932, [['Market Circle', 'Takoradi Main Station', 4.898666, -1.765826]]),
  tarkwa: town('Tarkwa', 'Western', 5.310935, -1.992426),
  axim: town('Axim', 'Western', 4.865362, -2.242169),
  nsawam: town('Nsawam', 'Eastern', 5.814382, -0.345786),
  suhum: town('Suhum', 'Eastern', 6.041113, -0.449683),
  nkawkaw: town('Nkawkaw', 'Eastern', 6.552795, -0.769811),
  konongo: town('Konongo', 'Ashanti', 6.623148, -1.214811),
  ejisu: town('Ejisu', 'Ashanti', 6.716331, -1.500911),
  kumasi: town('Kumasi', 'Ashanti', 6.698081, -1.62304, [
    ['Adum', 'Kumasi Long Distance Bus Station', 6.687504, -1.615079],
    ['Asafo', 'Asafo Market', 6.689271, -1.609567],
    ['Tafo', 'Tafo Station', 6.734236, -1.612456],
    ['Suame', 'Suame Magazine', 6.716363, -1.63692],
  ]),
  koforidua: town('Koforidua', 'Eastern', 6.110447, -0.267379),
  obuasi: town('Obuasi', 'Ashanti', 6.211683, -1.689611),
  fosu: town('Assin Fosu', 'Central', 5.700485, -1.276909),
  techiman: town('Techiman', 'Bono East', 7.584971, -1.936401),
  kintampo: town('Kintampo', 'Bono East', 8.053714, -1.728919),
  buipe: town('Buipe', 'Savannah', 8.790369, -1.467587),
  tamale: town('Tamale', 'Northern', 9.404337, -0.843029, [['Tamale Central', 'Tamale STC Station', 9.406319, -0.842667]]),
  savelugu: town('Savelugu', 'Northern', 9.626025, -0.825956),
  walewale: town('Walewale', 'North East', 10.347691, -0.802274),
  bolgatanga: town('Bolgatanga', 'Upper East', 10.785647, -0.849458),
  navrongo: town('Navrongo', 'Upper East', 10.893025, -1.087579),
  bawku: town('Bawku', 'Upper East', 11.06076, -0.242288),
  sunyani: town('Sunyani', 'Bono', 7.338439, -2.330923),
  berekum: town('Berekum', 'Bono', 7.450473, -2.582498),
  wenchi: town('Wenchi', 'Bono', 7.738011, -2.103519),
  wa: town('Wa', 'Upper West', 10.064589, -2.50595),
  akosombo: town('Akosombo', 'Eastern', 6.269799, 0.050899),
  juapong: town('Juapong', 'Volta', 6.254501, 0.135253),
  ho: town('Ho', 'Volta', 6.61266, 0.468893, [['Ho Central', 'Ho STC Terminal', 6.614702, 0.469349]]),
  hohoe: town('Hohoe', 'Volta', 7.153187, 0.477735),
  sogakope: town('Sogakope', 'Volta', 5.998252, 0.596348),
  akatsi: town('Akatsi', 'Volta', 6.131023, 0.798211),
  aflao: town('Aflao', 'Volta', 6.116047, 1.191402),
} as const satisfies Record<string, SeedTown>;

const t = seedTowns;
/**
 * Roads as towns in driving order, with how often rides use them (Accra–Kumasi busiest). A ride
 * runs along part of one road, in either direction, stopping at some towns between its ends.
 */
export const seedCorridors: readonly { weight: number; towns: readonly SeedTown[] }[] = [
  { weight: 30, towns: [t.accra, t.nsawam, t.suhum, t.nkawkaw, t.konongo, t.ejisu, t.kumasi] },
  { weight: 16, towns: [t.accra, t.kasoa, t.winneba, t.mankessim, t.capeCoast, t.elmina, t.takoradi, t.axim] },
  { weight: 12, towns: [t.kumasi, t.techiman, t.kintampo, t.buipe, t.tamale, t.savelugu, t.walewale, t.bolgatanga, t.navrongo] },
  { weight: 8, towns: [t.accra, t.tema, t.akosombo, t.juapong, t.ho, t.hohoe] },
  { weight: 6, towns: [t.accra, t.ashaiman, t.sogakope, t.akatsi, t.aflao] },
  { weight: 6, towns: [t.accra, t.nsawam, t.koforidua] },
  { weight: 6, towns: [t.kumasi, t.obuasi] },
  { weight: 5, towns: [t.kumasi, t.fosu, t.capeCoast] },
  { weight: 4, towns: [t.kumasi, t.sunyani, t.berekum] },
  { weight: 3, towns: [t.takoradi, t.tarkwa] },
  { weight: 2, towns: [t.techiman, t.wenchi, t.wa] },
  { weight: 2, towns: [t.tamale, t.bolgatanga, t.bawku] },
];
